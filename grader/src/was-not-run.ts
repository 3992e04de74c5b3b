import type { CheckResult } from '@agent-course/course';
import { NOT_LOADED } from './collect-load-error';
import { NOT_RUN } from './find-compile-error';

/**
 * Whether a check never ran because the lab did not compile or threw while it loaded: the grade
 * says why once, above the checks, and such a check has no hint, seed or TODO of its own.
 */
export function wasNotRun(check: CheckResult): boolean {
  return check.message.startsWith(NOT_RUN) || check.message.startsWith(NOT_LOADED);
}
