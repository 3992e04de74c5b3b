// Entry for `pnpm switch [<day> mine|kit]`; the logic lives in run-switch-command.ts.
import { REPO_ROOT } from './repo-root';
import { runSwitchCommand } from './run-switch-command';

process.exitCode = await runSwitchCommand({
  root: REPO_ROOT,
  args: process.argv.slice(2),
  print: (line) => console.log(line),
});
