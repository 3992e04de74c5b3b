/**
 * Loaded ahead of a day's command line (`tsx --import @agent-course/cli/report-load-errors
 * src/main.ts`, the day's `pnpm start`): a day that cannot even load, because a file does not
 * compile, imports a name no file exports, or throws while its files load, is told in a few lines
 * that name the student's file and line (describeLoadError), as runCommandLine tells a bug met
 * while running, instead of Node's stack and this machine's paths. It ends the process with
 * code 1, as Node would have. DEBUG=1 also prints the stack.
 */
import { describeLoadError } from './describe-load-error';

process.on('uncaughtException', (error) => {
  // The day's command line is run from its folder (pnpm runs a package's scripts there).
  process.stderr.write(`${describeLoadError({ error, root: process.cwd() })}\n`);
  if (process.env.DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
