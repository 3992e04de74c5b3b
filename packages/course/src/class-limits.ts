/**
 * The limits a class is graded with, the same wherever it is graded: by `pnpm grade` over a folder
 * of submissions (a batch) or of one (`--submission`), and by both autograders, which read them
 * from their bundle's assignment.json. A student's own `pnpm grade` allows less per check, so a
 * lab that passes at home is not failed by the class's grading for being slow.
 *
 * Install and grade together end, with a clear error, well inside each platform's own cap:
 * Classroom 50 ends a grading job at 15 minutes (issue 35; its wiki's "Autograder Recipes" caps a
 * command at 600 s), and Gradescope ends run_autograder at the assignment's autograder timeout,
 * 600 s unless changed ("Your submission timed out. It took longer than 600 seconds to run.", the
 * harness's message).
 */
export const CLASS_LIMITS = {
  /** Each check's CPU time, and idle time: generous, since a runner may be slower than a laptop. */
  checkSeconds: 30,
  /** Classroom 50's `pnpm install` of the kit (Gradescope installs once, when its image is built). */
  installSeconds: 240,
  /** One whole grade: every check of a lab that hangs in each, at checkSeconds apiece, fits. */
  gradeSeconds: 480,
} as const;

/** Classroom 50's cap on one grading job, and Gradescope's default autograder timeout. */
export const PLATFORM_CAPS_SECONDS = { classroom50Job: 15 * 60, gradescopeRun: 600 } as const;
