import type { BenchRow } from './bench-row';
import { formatFigure, formatRatio } from './format-figure';
import { renderMarkdownTable } from '../render-markdown-table';

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
  return [
    ...renderMarkdownTable({ headings: HEADINGS, rows: cells }),
    '',
    ...notes.map((note, position) => `[${position + 1}] ${note}`),
  ];
}
