// Entry for `pnpm new-day <day>`; the logic lives in run-new-day-command.ts.
import { REPO_ROOT } from './repo-root';
import { runNewDayCommand } from './run-new-day-command';

process.exitCode = await runNewDayCommand({
  root: REPO_ROOT,
  args: process.argv.slice(2),
  print: (line) => console.log(line),
});
