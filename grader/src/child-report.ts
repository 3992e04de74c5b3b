/** What a check child writes to its result file; the parent adds the id and title. */
export interface ChildReport {
  /** pass, fail, or error when the check could not finish. */
  status: 'pass' | 'fail' | 'error';
  /** Only for error: why it could not finish. */
  errorKind?: 'timeout' | 'crashed';
  /** Empty on pass; otherwise expected vs got, or the reason for the error. */
  message: string;
  /** Empty on pass; otherwise where to look. */
  hint: string;
  /** The scenario's tool calls and results, for --verbose. */
  transcript?: string[];
}

/**
 * Whether a parsed result file is a report. Checked by hand rather than with zod: the parent
 * process stays free of heavy imports, and this shape is the grader's own.
 */
export function isChildReport(value: unknown): value is ChildReport {
  if (typeof value !== 'object' || value === null) return false;
  const report = value as Record<string, unknown>;
  return (
    ['pass', 'fail', 'error'].includes(report.status as string) &&
    typeof report.message === 'string' &&
    typeof report.hint === 'string' &&
    (report.transcript === undefined || Array.isArray(report.transcript))
  );
}
