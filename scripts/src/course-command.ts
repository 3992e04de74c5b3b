// Entry for `pnpm course check [<day>...]`; the logic lives in run-course-command.ts.
import { REPO_ROOT } from './repo-root';
import { runCourseCommand } from './run-course-command';

process.exitCode = await runCourseCommand({
  root: REPO_ROOT,
  args: process.argv.slice(2),
  print: (line) => console.log(line),
});
