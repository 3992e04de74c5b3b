import { type BatchRow, failedChecks, scoreCell } from './batch-row';

/** The batch report: one aligned row per submission. */
export function renderTable(rows: BatchRow[]): string {
  const table = [
    ['submission', 'score', 'result', 'failed checks'],
    ...rows.map((row) => [
      row.submission,
      scoreCell(row),
      row.result,
      failedChecks(row).join(', ') || '-',
    ]),
  ];
  const widths = [0, 1, 2].map((column) =>
    Math.max(...table.map((cells) => cells[column]!.length)),
  );
  const lines = table.map((cells) =>
    cells
      .map((cell, column) => (column < widths.length ? cell.padEnd(widths[column]!) : cell))
      .join('  ')
      .trimEnd(),
  );
  const graded = rows.filter((row) => row.grade).length;
  return `${lines.join('\n')}\n\n${rows.length} submissions, ${graded} graded, ${rows.length - graded} not labs\n`;
}
