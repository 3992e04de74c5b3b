import type { CheckResult, CompileError, LoadError } from '@agent-course/course';

/**
 * Why a check could not run at all, as data: the lab does not compile, or importing its files
 * threw or never finished. The grade says why once, above the checks (see collectNotRun).
 */
export type NotRun =
  | { kind: 'compile'; compileError: CompileError }
  /** `where`: the line that threw, or the file whose import threw or never finished. */
  | ({ kind: 'load' } & Omit<LoadError, 'exercise'>);

/** A check's result as the grader judged it, with what the report's wording is made from. */
export interface JudgedResult extends CheckResult {
  /** Set when the lab stopped the check before it could run. */
  notRun?: NotRun;
  /**
   * Where the lab threw, when no exercise owns that line (given code, such as the loop around the
   * TODOs): a prerequisite that failed too is then the thing to fix (see blamePrerequisites).
   */
  unownedThrow?: string;
}

/** The plain result a report shows, without what only the grader's wording needed. */
export function reportedResult(judged: JudgedResult): CheckResult {
  const { notRun: _notRun, unownedThrow: _unownedThrow, ...result } = judged;
  return result;
}
