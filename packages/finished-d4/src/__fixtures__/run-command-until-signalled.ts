// Runs one command through the finished run_command and waits for it, so a test can signal this
// process the way a closed terminal (SIGHUP) or a `kill` (SIGTERM) would: COMMAND=<command> node
// --import tsx <this> <cwd>. The command comes in the environment, so this process's own command
// line holds none of its markers. Prints "running" once the command has been started.
import { runCommandTool } from '../index';

const [cwd] = process.argv.slice(2);
const command = process.env.COMMAND;
if (!cwd || !command) {
  console.error('usage: COMMAND=<command> run-command-until-signalled.ts <cwd>');
  process.exit(2);
}
const running = runCommandTool.run(
  { command, timeout_ms: 600_000 },
  { cwd, signal: new AbortController().signal },
);
process.stdout.write('running\n');
await running;
