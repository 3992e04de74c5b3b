import { type BatchRow, scoreCell } from './batch-row';

/** The batch as CSV: one row per submission, one column per check holding pass, fail or the error kind. */
export function renderCsv({ rows, checkIds }: { rows: BatchRow[]; checkIds: string[] }): string {
  const header = ['submission', 'score', 'result', ...checkIds];
  const lines = rows.map((row) => {
    const cells = checkIds.map((id) => {
      const check = row.grade?.checks.find((candidate) => candidate.id === id);
      if (!check) return '';
      return check.status === 'error' ? (check.errorKind ?? 'error') : check.status;
    });
    return [row.submission, scoreCell(row), row.result, ...cells];
  });
  return `${[header, ...lines].map((cells) => cells.map(quote).join(',')).join('\n')}\n`;
}

/** Quotes a cell only when it needs it, doubling inner quotes. */
function quote(cell: string): string {
  return /[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}
