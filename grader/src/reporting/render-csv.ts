import type { BatchRow } from './batch-row';

/**
 * The batch as CSV: one row per submission with its score and maximum as plain numbers (a `2/7`
 * cell becomes a date in a spreadsheet), the result and its reason, then one column per check
 * holding pass, fail or the error kind.
 */
export function renderCsv({ rows, checkIds }: { rows: BatchRow[]; checkIds: string[] }): string {
  const header = ['submission', 'score', 'max', 'result', 'reason', ...checkIds];
  const lines = rows.map((row) => {
    const cells = checkIds.map((id) => {
      const check = row.grade?.checks.find((candidate) => candidate.id === id);
      if (!check) return '';
      return check.status === 'error' ? (check.errorKind ?? 'error') : check.status;
    });
    const score = row.grade ? String(row.grade.score) : '';
    const max = row.grade ? String(row.grade.max) : '';
    return [row.submission, score, max, row.result, row.reason, ...cells];
  });
  return `${[header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\n')}\n`;
}

/**
 * One cell, safe to open in a spreadsheet. A student names their folder and writes the text a crash
 * reason quotes, so a cell starting with = + - @, a tab or a carriage return would run as a formula:
 * it gets a leading apostrophe (OWASP's advice). Then it is quoted when it needs it, inner quotes doubled.
 */
export function csvCell(cell: string): string {
  const inert = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\n\r]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}
