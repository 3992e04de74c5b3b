// Runs one read-only tool and prints its result as JSON: runToolUnprivileged starts this file as
// another user, because permissions are what the test is about and root ignores them.
import { readOnlyTools } from '../read-only-tools';

const [name, cwd, args] = process.argv.slice(2);
const tool = readOnlyTools.find((candidate) => candidate.name === name);
if (!tool || !cwd || !args) {
  console.error('usage: run-tool.ts <tool> <cwd> <arguments as JSON>');
  process.exit(2);
}
const result = await tool.run(tool.parameters.parse(JSON.parse(args)), {
  cwd,
  signal: new AbortController().signal,
});
console.log(JSON.stringify(result));
