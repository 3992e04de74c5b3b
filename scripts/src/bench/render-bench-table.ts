import type { BenchRow } from './bench-row';
import { formatFigure, formatRatio } from './format-figure';

const HEADINGS = ['Measurement', 'Figure', 'Baseline', 'Ratio', 'Target', 'Result'];

/**
 * The rows as a Markdown table, so the terminal output can be pasted into the README as is, with
 * the notes numbered underneath. Rows sharing a note share its number.
 */
export function renderBenchTable(rows: BenchRow[]): string[] {
  const notes: string[] = [];
  const cells = rows.map((row) => {
    let measurement = row.measurement;
    if (row.note) {
      if (!notes.includes(row.note)) notes.push(row.note);
      measurement += ` [${notes.indexOf(row.note) + 1}]`;
    }
    const baseline = !row.baseline
      ? '—'
      : 'value' in row.baseline
        ? `${row.baseline.label}: ${formatFigure({ value: row.baseline.value, unit: row.unit })}`
        : `${row.baseline.label}: ${row.baseline.missing}`;
    return [
      measurement,
      Number.isNaN(row.value) ? 'n/a' : formatFigure(row),
      baseline,
      row.ratio === undefined ? '—' : formatRatio(row.ratio),
      row.target?.text ?? '—',
      row.target?.verdict ?? '—',
    ];
  });
  const widths = HEADINGS.map((heading, column) =>
    Math.max(heading.length, ...cells.map((cell) => cell[column]!.length)),
  );
  const line = (values: string[]) =>
    `| ${values.map((value, column) => value.padEnd(widths[column]!)).join(' | ')} |`;
  return [
    line(HEADINGS),
    line(widths.map((width) => '-'.repeat(width))),
    ...cells.map(line),
    '',
    ...notes.map((note, position) => `[${position + 1}] ${note}`),
  ];
}
