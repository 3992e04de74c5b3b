/**
 * A day's `pnpm start` script for its start file: tsx, with `@agent-course/cli/report-load-errors`
 * loaded first, so a day that does not compile or load is told in a few lines naming the student's
 * file instead of a stack, and `@agent-course/cli/run-on-own-days`, which runs a lab on the earlier
 * days the student switched to their own (`pnpm switch`). Every day's package.json holds it;
 * `pnpm course check` says when one does not.
 */
export function startScript(start: string): string {
  return `tsx --import @agent-course/cli/report-load-errors --import @agent-course/cli/run-on-own-days ${start}`;
}
