import type { Random } from '../../../../judging/create-random';
import { createCodeLines, createFilePath } from './code-lines';

/** The first lines of the file hold no match: a count of matches can never pass for one of them. */
const HEADER_LINES = 5;

/** A file with one text on several lines. */
export interface AmbiguityVariant {
  label: string;
  path: string;
  source: string;
  /** The text that occurs on several lines, and what the edit puts in its place. */
  oldString: string;
  newString: string;
  /** The 1-based lines the text occurs on, ascending. */
  lines: number[];
}

const LESSON_SOURCE = [
  'export const first = 1;',
  'const retries = 3;',
  'export const second = 2;',
  'const retries = 3;',
  '',
  'const retries = 3;',
  '',
].join('\n');

/** The lesson's file: "const retries = 3;" on lines 2, 4 and 6. */
export const LESSON_AMBIGUITY: AmbiguityVariant = {
  label: "the lesson's src/limits.js",
  path: 'src/limits.js',
  source: LESSON_SOURCE,
  oldString: 'const retries = 3;',
  newString: 'const retries = 5;',
  lines: [2, 4, 6],
};

/**
 * A file of generated lines with a call repeated on two to five of them, after the header, each
 * time inside a line of its own (indented, with a different comment), so only the text repeats.
 */
export function createAmbiguityVariant(random: Random): AmbiguityVariant {
  const filler = createCodeLines({ random, count: random.integer(10, 24) });
  const oldString = `${random.pick(['retry', 'notify', 'render', 'flush'])}(${random.pick(['slowly', 'twice', 'later'])});`;
  const newString = oldString.replace('(', 'Now(');
  const count = random.integer(2, 5);
  const lineCount = filler.length + count;
  const positions = random
    .shuffle(
      Array.from({ length: lineCount - HEADER_LINES }, (_, index) => index + HEADER_LINES + 1),
    )
    .slice(0, count)
    .sort((left, right) => left - right);
  const lines: string[] = [];
  for (let line = 1, next = 0; line <= lineCount; line++) {
    lines.push(
      positions.includes(line)
        ? `${'  '.repeat(random.integer(0, 2))}${oldString} // ${random.pick(['first', 'again', 'once more', 'last'])}`
        : filler[next++]!,
    );
  }
  const path = createFilePath(random);
  return {
    label: `${path}, generated from the seed`,
    path,
    source: `${lines.join('\n')}\n`,
    oldString,
    newString,
    lines: positions,
  };
}
