import type { CheckResult } from '@agent-course/course';

/**
 * A check the lab stopped before it could run (it does not compile, or throws as it loads): its
 * message says only that, and it has no hint, since the grade says once, above the checks, what
 * to fix, and the check's own TODO may well be right.
 */
export function markNotRun({
  result,
  message,
}: {
  result: CheckResult;
  message: string;
}): CheckResult {
  return { ...result, status: 'error', errorKind: 'crashed', message, hint: '' };
}
