/**
 * The lab's real run: `node launch-lab-program.js <args>`, compiled, with the compiled program's
 * path on stdin and on the next line the source file it was built from. It loads what every day's
 * command line imports (the kit's command line, the workspace its tools use, the SDK the offline
 * model is reached through), then runs the program as though Node had been started with it:
 * `process.argv[1]` names its source, as under `pnpm start` (the program's `import.meta.url` names
 * its source too), so its `isEntryPoint(import.meta.url)` holds; stdin is used up and closed, as
 * `pnpm start`'s is in the grader; and nothing of this file's stays open, so how the run ends (its
 * exit code, a process.exit, an unhandled rejection, a timer left open) is the program's own; a
 * process.exit only says on stderr where it was called first.
 */
import { pathToFileURL } from 'node:url';
import { EXIT_CALLED } from './describe-crash';
import '@agent-course/cli';
import '@agent-course/workspace';

// fetch's own code, which the offline model's requests use, is loaded before this file (see
// apply-node-flags.mjs).
await import('openai');

let given = '';
for await (const chunk of process.stdin) given += String(chunk);
// The compiled program, then the source file it was compiled from (the lab's src/main.ts).
const [program, source] = given.trim().split('\n');
if (program) {
  // Named as `pnpm start` names it, since the lab's import.meta.url names its source too.
  process.argv[1] = source || program;
  reportExitCalls();
  await import(pathToFileURL(program).href);
}

/**
 * A process.exit in the lab's code ends the run as it would anyway, but says first, on stderr, where
 * it was called (EXIT_CALLED and the stack), so the report can name the line: without it, a tool
 * that exits leaves only an exit code behind.
 */
function reportExitCalls(): void {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    const frames = (new Error().stack ?? '').split('\n').slice(2);
    process.stderr.write(`${EXIT_CALLED}(${code ?? ''})\n${frames.join('\n')}\n`);
    return exit(code);
  }) as typeof process.exit;
}
