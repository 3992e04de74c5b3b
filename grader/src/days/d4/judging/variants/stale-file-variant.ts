import type { Random } from '../../../../judging/create-random';
import { createCodeLines, createFilePath } from './code-lines';

/** A file, the edit the model wants, and what a person changes in between. */
export interface StaleFileVariant {
  label: string;
  path: string;
  /** Another file, read before anything else: reading it must not allow edits of `path`. */
  otherPath: string;
  source: string;
  /** One line of the file and its replacement. */
  oldString: string;
  newString: string;
  /** How many times the model reads the file before the person's change (1 or 2). */
  readsBefore: number;
  /** What the person does, for messages. */
  change: string;
  /** The file after the person's change. */
  changed: string;
}

const LESSON_SOURCE = 'export function divide(a, b) {\n  return a * b;\n}\n';
const LESSON_PERSONS_LINE = '// kept by a person\n';

/** The lesson's file: divide's return is edited, a person appends a comment line. */
export const LESSON_STALE_FILE: StaleFileVariant = {
  label: "the lesson's src/calc.js",
  path: 'src/calc.js',
  otherPath: 'notes/todo.md',
  source: LESSON_SOURCE,
  oldString: '  return a * b;',
  newString: '  return a / b;',
  readsBefore: 1,
  change: `a person appends ${JSON.stringify(LESSON_PERSONS_LINE)}`,
  changed: LESSON_SOURCE + LESSON_PERSONS_LINE,
};

/**
 * A file of generated lines, one of which the model edits, and a person's change elsewhere in it:
 * one letter swapped for another, so the size stays the same. The lesson's change appends a line;
 * this one always keeps the size, so an edit that compares sizes is caught at every seed.
 */
export function createStaleFileVariant(random: Random): StaleFileVariant {
  const lines = createCodeLines({ random, count: random.integer(4, 10) });
  const edited = random.integer(0, lines.length - 1);
  const other = (edited + random.integer(1, lines.length - 1)) % lines.length;
  const oldString = lines[edited]!;
  const newString = oldString.replace(/'[a-z]+'/, "'edited'");
  const source = `${lines.join('\n')}\n`;
  const changedLines = lines.map((line, index) =>
    index === other ? line.replace(/'([a-z])/, "'X") : line,
  );
  const path = createFilePath(random);
  return {
    label: `${path}, generated from the seed`,
    path,
    otherPath: `notes/${random.pick(['todo', 'plan', 'ideas'])}.md`,
    source,
    oldString,
    newString,
    readsBefore: random.integer(1, 2),
    change: `a person changes one letter of line ${other + 1} (same size)`,
    changed: `${changedLines.join('\n')}\n`,
  };
}
