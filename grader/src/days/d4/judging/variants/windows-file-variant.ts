import type { Random } from '../../../../judging/create-random';
import { createCodeLines, createFilePath } from './code-lines';

export const BOM = '\uFEFF';

/** A Windows file, an edit the model sends in "\n" form, and the bytes the edit must leave. */
export interface WindowsFileVariant {
  label: string;
  path: string;
  /** Byte-order mark, CRLF endings, tab indentation; a final newline or none, as the seed says. */
  source: string;
  /** Two lines in the model's "\n" form: the changed one and an unchanged neighbour. */
  oldString: string;
  newString: string;
  /** The one line that changes, before and after (no indentation change). */
  changedLine: string;
  newLine: string;
  /** The whole file after the edit: only the changed line differs. */
  expected: string;
}

const LESSON_LINES = [
  '// Totals.',
  'export function total(rows) {',
  '\tlet sum = 0;',
  '\tfor (const row of rows) sum += row;',
  '\treturn sum * 2;',
  '}',
];

/** The lesson's file: no final newline, and "return sum * 2;" becomes "return sum;". */
export const LESSON_WINDOWS_FILE: WindowsFileVariant = {
  label: "the lesson's src/table.js",
  path: 'src/table.js',
  source: BOM + LESSON_LINES.join('\r\n'),
  oldString: '\tfor (const row of rows) sum += row;\n\treturn sum * 2;',
  newString: '\tfor (const row of rows) sum += row;\n\treturn sum;',
  changedLine: '\treturn sum * 2;',
  newLine: '\treturn sum;',
  expected: BOM + LESSON_LINES.join('\r\n').replace('\treturn sum * 2;', '\treturn sum;'),
};

/**
 * A file of generated lines indented with tabs, saved the Windows way, and an edit of one line
 * sent together with the line before or after it, so the edit's "\n" has to match a CRLF.
 */
export function createWindowsFileVariant(random: Random): WindowsFileVariant {
  const lines = createCodeLines({ random, count: random.integer(4, 10) }).map(
    (line) => '\t'.repeat(random.integer(0, 2)) + line,
  );
  const at = random.integer(0, lines.length - 1);
  const changedLine = lines[at]!;
  const newLine = changedLine.replace(/'[a-z]+'/, "'changed'");
  const neighbour = at === 0 || (at < lines.length - 1 && random.chance(0.5)) ? at + 1 : at - 1;
  const pair = (line: string) =>
    neighbour > at ? `${line}\n${lines[neighbour]}` : `${lines[neighbour]}\n${line}`;
  const finalNewline = random.chance(0.5);
  const save = (all: string[]) => BOM + all.join('\r\n') + (finalNewline ? '\r\n' : '');
  const path = createFilePath(random);
  return {
    label: `${path}, generated from the seed`,
    path,
    source: save(lines),
    oldString: pair(changedLine),
    newString: pair(newLine),
    changedLine,
    newLine,
    expected: save(lines.map((line, index) => (index === at ? newLine : line))),
  };
}
