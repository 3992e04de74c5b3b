// Runs the engine of one read-only tool and prints its answer as JSON: runToolUnprivileged starts
// this file as another user, because permissions are what the test is about and root ignores them.
import { callEngine } from '../call-engine';

const [tool, cwd, args] = process.argv.slice(2);
if (!tool || !cwd || !args) {
  console.error('usage: run-tool.ts <tool> <cwd> <arguments as JSON>');
  process.exit(2);
}
const answer = await callEngine({ tool, cwd, args: JSON.parse(args) as Record<string, unknown> });
console.log(JSON.stringify(answer));
