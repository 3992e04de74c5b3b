// Entry for `pnpm bench`; the logic lives in run-bench.ts.
import { REPO_ROOT } from '../repo-root';
import { runBench } from './run-bench';

process.exitCode = await runBench({
  repoRoot: REPO_ROOT,
  args: process.argv.slice(2),
  print: (line) => console.log(line),
});
