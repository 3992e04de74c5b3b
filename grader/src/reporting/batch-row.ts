import type { GradeResult } from '@agent-course/course';
import {
  DOES_NOT_COMPILE,
  DOES_NOT_FINISH_LOADING,
  DOES_NOT_LOAD,
} from '../judging/collect-not-run';

/** One submission of a batch, as the table and the CSV show it. */
export interface BatchRow {
  /** The submission's folder, as matched by the glob. */
  submission: string;
  /**
   * graded, or why it could not be graded fully: a check timed out or crashed, the folder is no
   * lab, or it is a lab the grader could not grade (unreadable to student code, say).
   */
  result: 'graded' | 'timeout' | 'crashed' | 'not a lab' | 'not graded';
  /**
   * Empty when graded; otherwise one whole line saying why, for the instructor to act on. The CSV
   * keeps all of it; the table shortens it to MAX_REASON_CHARS.
   */
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
  // A lab that does not compile or load stops every check the same way; its problem names the line.
  const compileProblem = grade.compileError
    ? `${DOES_NOT_COMPILE}: ${grade.compileError.problems[0] ?? grade.compileError.where}`
    : grade.loadError
      ? `${grade.loadError.unfinished ? DOES_NOT_FINISH_LOADING : DOES_NOT_LOAD}: ${grade.loadError.where}: ${grade.loadError.reason}`
      : undefined;
  return {
    submission,
    result: timedOut ? 'timeout' : 'crashed',
    reason: oneLine(compileProblem ?? `${blamed.id}: ${whatHappened(blamed.message)}`),
    grade,
  };
}

/** The row for a folder that could not be graded at all: no lab, or a lab the grader cannot grade. */
export function rowForUngraded({
  submission,
  error,
  notLab,
}: {
  submission: string;
  error: string;
  notLab: boolean;
}): BatchRow {
  return { submission, result: notLab ? 'not a lab' : 'not graded', reason: oneLine(error) };
}

/** A check's message says `expected: …` then `got: …`; what happened is the `got` part. */
function whatHappened(message: string): string {
  const got = /^got: (.*)$/m.exec(message);
  return got ? got[1]! : message;
}

/** Text on one line. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' / ').trim();
}
