import type { BatchRow } from './batch-row';
import { MAX_REASON_CHARS } from '../beside-lab/limits';

/** The batch report: one aligned row per submission, then how many ended each way. */
export function renderTable(rows: BatchRow[]): string {
  const table = [
    ['submission', 'score', 'result', 'failed checks', 'reason'],
    ...rows.map((row) => [
      row.submission,
      row.grade ? `${row.grade.score}/${row.grade.max}` : '-',
      row.result,
      (row.grade?.checks ?? [])
        .filter((check) => check.status !== 'pass')
        .map((check) => check.id)
        .join(', ') || '-',
      // Cut for the table, where a long reason would push every row apart; the CSV keeps it whole.
      (row.reason.length <= MAX_REASON_CHARS
        ? row.reason
        : `${row.reason.slice(0, MAX_REASON_CHARS - 1)}…`) || '-',
    ]),
  ];
  const widths = [0, 1, 2, 3].map((column) =>
    Math.max(...table.map((cells) => cells[column]!.length)),
  );
  const lines = table.map((cells) =>
    cells
      .map((cell, column) => (column < widths.length ? cell.padEnd(widths[column]!) : cell))
      .join('  ')
      .trimEnd(),
  );
  const count = (result: BatchRow['result']) => rows.filter((row) => row.result === result).length;
  const notLabs = count('not a lab');
  const summary =
    `${rows.length} ${rows.length === 1 ? 'submission' : 'submissions'}: ` +
    `${count('graded')} graded, ${count('timeout')} timed out, ${count('crashed')} crashed, ` +
    `${notLabs} ${notLabs === 1 ? 'not a lab' : 'not labs'}` +
    (count('not graded') > 0 ? `, ${count('not graded')} not graded` : '');
  return `${lines.join('\n')}\n\n${summary}\n`;
}
