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
    Math.max(heading.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (values: readonly string[]) =>
    `| ${widths.map((width, column) => (values[column] ?? '').padEnd(width)).join(' | ')} |`;
  return [line(headings), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}
