// Entry for `pnpm classroom <kind> <day> --out DIR`; the logic lives in run-classroom-command.ts.
import { REPO_ROOT } from './repo-root';
import { runClassroomCommand } from './run-classroom-command';

process.exitCode = await runClassroomCommand({
  root: REPO_ROOT,
  args: process.argv.slice(2),
  print: (line) => console.log(line),
  // pnpm runs root scripts from the kit root; INIT_CWD is where the person typed the command.
  invokedFrom: process.env.INIT_CWD ?? process.cwd(),
});
