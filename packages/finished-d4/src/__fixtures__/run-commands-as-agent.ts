// Runs commands through the finished run_command the way the agent does, one after another, in a
// process of its own, so a test can give this "agent" an environment (a model key, tokens) that
// the test runner itself does not hold: COMMANDS='["cmd", ...]' node --import tsx <this> <cwd>.
// Prints the results as one JSON array.
import { runCommandTool } from '../index';

const [cwd] = process.argv.slice(2);
const commands: unknown = JSON.parse(process.env.COMMANDS ?? 'null');
if (!cwd || !Array.isArray(commands)) {
  console.error('usage: COMMANDS=\'["<command>", ...]\' run-commands-as-agent.ts <cwd>');
  process.exit(2);
}
const results = [];
for (const command of commands as string[]) {
  results.push(
    await runCommandTool.run(
      { command, timeout_ms: 60_000 },
      { cwd, signal: new AbortController().signal },
    ),
  );
}
process.stdout.write(JSON.stringify(results));
