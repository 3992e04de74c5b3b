// Entry for `pnpm progress`; the logic lives in run-progress-command.ts.
import { REPO_ROOT } from './repo-root';
import { runProgressCommand } from './run-progress-command';

process.exitCode = await runProgressCommand({
  root: REPO_ROOT,
  args: process.argv.slice(2),
  print: (line) => console.log(line),
});
