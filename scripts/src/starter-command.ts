// Entry for `pnpm starter <day> [--check]`; the logic lives in run-starter-command.ts.
import { REPO_ROOT } from './repo-root';
import { runStarterCommand } from './run-starter-command';

process.exitCode = await runStarterCommand({
  root: REPO_ROOT,
  args: process.argv.slice(2),
  print: (line) => console.log(line),
});
