// Entry for `pnpm diff <day> [--stat] [--all]`; the logic lives in run-diff-command.ts.
import { createColors } from '@agent-course/cli/create-colors';
import { REPO_ROOT } from './repo-root';
import { runDiffCommand } from './run-diff-command';

// `pnpm diff d3 | head` closes the pipe early; that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runDiffCommand({
  root: REPO_ROOT,
  args: process.argv.slice(2),
  print: (line) => console.log(line),
  // Color for a person at a terminal, as NO_COLOR and FORCE_COLOR say; a pipe or a file gets a plain patch.
  color: createColors(process.env).level > 0,
});
