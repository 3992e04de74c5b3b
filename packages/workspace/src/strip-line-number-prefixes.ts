/**
 * The line-number prefixes a file viewer puts before each line: read_file's "12: " (an empty line
 * is "12: ", or "12:" once trailing spaces are trimmed), `cat -n`'s "    12\t" and the arrow of
 * some other agents' viewers, "12→".
 */
const LINE_NUMBER_PREFIX = /^\s*\d+(?:: |:$|\t|→)/;

/**
 * The text without the line numbers a model copied from read_file's output, or undefined when
 * not every line carries one. All lines must, so a line of code such as "10: 'ten'," inside an
 * object literal does not make the whole text look copied from a viewer.
 */
export function stripLineNumberPrefixes(text: string): string | undefined {
  const lines = text.split('\n');
  const numbered = lines.filter((line) => line.trim() !== '');
  if (numbered.length === 0 || !numbered.every((line) => LINE_NUMBER_PREFIX.test(line))) {
    return undefined;
  }
  return lines.map((line) => line.replace(LINE_NUMBER_PREFIX, '')).join('\n');
}
