/**
 * A Markdown table with its columns padded to their widest cell, as prettier formats one, so a
 * generated table survives `pnpm format` unchanged. One line per row, headings first.
 */
export function renderMarkdownTable({
  headings,
  rows,
}: {
  headings: readonly string[];
  rows: readonly string[][];
}): string[] {
  const widths = headings.map((heading, column) =>
    Math.max(displayWidth(heading), ...rows.map((row) => displayWidth(row[column] ?? ''))),
  );
  const pad = (value: string, width: number) => value + ' '.repeat(width - displayWidth(value));
  const line = (values: readonly string[]) =>
    `| ${widths.map((width, column) => pad(values[column] ?? '', width)).join(' | ')} |`;
  return [line(headings), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

/** East Asian wide and full-width characters: prettier counts each as two columns. */
const WIDE =
  /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u;

/** The columns a cell takes in a monospaced editor, as prettier measures it for a Chinese page. */
function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += WIDE.test(character) ? 2 : 1;
  return width;
}
