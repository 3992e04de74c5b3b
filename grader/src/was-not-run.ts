import type { CheckResult } from '@agent-course/course';
import { NOT_FINISHED_LOADING, NOT_LOADED } from './collect-load-error';
import { NOT_RUN } from './find-compile-error';

/**
 * Whether a check never ran because the lab did not compile, or threw or never finished while it
 * loaded: the grade says why once, above the checks, and such a check has no hint, seed or TODO of
 * its own.
 */
export function wasNotRun(check: CheckResult): boolean {
  return [NOT_RUN, NOT_LOADED, NOT_FINISHED_LOADING].some((start) =>
    check.message.startsWith(start),
  );
}
