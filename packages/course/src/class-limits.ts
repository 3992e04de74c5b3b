/**
 * The limits a class is graded with, the same wherever it is graded: by `pnpm grade` over a folder
 * of submissions (a batch) and by both autograders, which read them from their bundle's
 * assignment.json. A student's own `pnpm grade` allows less per check, so a lab that passes at
 * home is not failed by the class's grading for being slow.
 */
export const CLASS_LIMITS = {
  /** Each check's CPU time, and idle time: generous, since a runner may be slower than a laptop. */
  checkSeconds: 30,
} as const;
