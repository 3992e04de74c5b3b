import type { GradeResult } from '@agent-course/course';
import { MAX_REASON_CHARS } from './limits';

/** One submission of a batch, as the table and the CSV show it. */
export interface BatchRow {
  /** The submission's folder, as matched by the glob. */
  submission: string;
  /** graded, or why it could not be graded fully: a check timed out, crashed, or it is no lab. */
  result: 'graded' | 'timeout' | 'crashed' | 'not a lab';
  /** Empty when graded; otherwise one line saying why, for the instructor to act on. */
  reason: string;
  /** The grade, when the folder is a lab. */
  grade?: GradeResult;
}

/**
 * The row for a graded lab: a timeout outranks a crash, since a hang is what the instructor must
 * look at. The reason quotes the first check that ended that way.
 */
export function rowForGrade({
  submission,
  grade,
}: {
  submission: string;
  grade: GradeResult;
}): BatchRow {
  const errored = (kind: 'timeout' | 'crashed') =>
    grade.checks.find((check) => check.status === 'error' && check.errorKind === kind);
  const timedOut = errored('timeout');
  const crashed = errored('crashed');
  const blamed = timedOut ?? crashed;
  if (!blamed) return { submission, result: 'graded', reason: '', grade };
  return {
    submission,
    result: timedOut ? 'timeout' : 'crashed',
    reason: oneLine(`${blamed.id}: ${whatHappened(blamed.message)}`),
    grade,
  };
}

/** The row for a folder that could not be graded at all. */
export function rowForNoLab({
  submission,
  error,
}: {
  submission: string;
  error: string;
}): BatchRow {
  return { submission, result: 'not a lab', reason: oneLine(error) };
}

/** The checks a row failed, by id. */
export function failedChecks(row: BatchRow): string[] {
  return (row.grade?.checks ?? [])
    .filter((check) => check.status !== 'pass')
    .map((check) => check.id);
}

/** The row's score as `N/M` for people, or `-` when it is no lab. */
export function scoreCell(row: BatchRow): string {
  return row.grade ? `${row.grade.score}/${row.grade.max}` : '-';
}

/** A check's message says `expected: …` then `got: …`; what happened is the `got` part. */
function whatHappened(message: string): string {
  const got = /^got: (.*)$/m.exec(message);
  return got ? got[1]! : message;
}

/** Text on one line, at most MAX_REASON_CHARS long. */
function oneLine(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' / ').trim();
  return flat.length <= MAX_REASON_CHARS ? flat : `${flat.slice(0, MAX_REASON_CHARS - 1)}…`;
}
