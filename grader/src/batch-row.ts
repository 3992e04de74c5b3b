import type { GradeResult } from './grade-result';

/** One submission of a batch, as the table and the CSV show it. */
export interface BatchRow {
  /** The submission's folder, as matched by the glob. */
  submission: string;
  /** graded, or why it could not be graded fully: a check timed out, crashed, or it is no lab. */
  result: 'graded' | 'timeout' | 'crashed' | 'not a lab';
  /** The grade, when the folder is a lab. */
  grade?: GradeResult;
}

/** The row for a graded lab: a timeout outranks a crash, since a hang is what the instructor must look at. */
export function rowForGrade({
  submission,
  grade,
}: {
  submission: string;
  grade: GradeResult;
}): BatchRow {
  const kinds = new Set(grade.checks.map((check) => check.errorKind));
  const result = kinds.has('timeout') ? 'timeout' : kinds.has('crashed') ? 'crashed' : 'graded';
  return { submission, result, grade };
}

/** The checks a row failed, by id. */
export function failedChecks(row: BatchRow): string[] {
  return (row.grade?.checks ?? [])
    .filter((check) => check.status !== 'pass')
    .map((check) => check.id);
}

/** The row's score as `N/M`, or `-` when it is no lab. */
export function scoreCell(row: BatchRow): string {
  return row.grade ? `${row.grade.score}/${row.grade.max}` : '-';
}
