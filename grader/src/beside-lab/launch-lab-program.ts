/**
 * The lab's real run: `node launch-lab-program.js <program> <source> <args>`, compiled, given the
 * compiled program's path and the source file it was built from. It loads what every day's command
 * line imports (the kit's command line, the workspace its tools use, the SDK the offline model is
 * reached through), then runs the program as though Node had been started with it: `process.argv`
 * is `[node, source, ...args]`, as under `pnpm start` (the program's `import.meta.url` names its
 * source too), so its `isEntryPoint(import.meta.url)` holds; stdin is the program's, closed at
 * once unless the run writes a question to it; and nothing of this file's stays open, so how the
 * run ends (its exit code, a process.exit, an unhandled rejection, a timer left open) is the
 * program's own; a process.exit only says on stderr where it was called first.
 */
import { pathToFileURL } from 'node:url';
import { EXIT_CALLED } from './describe-crash';
import '@agent-course/cli';
import '@agent-course/workspace';

// fetch's own code, which the offline model's requests use, is loaded before this file (see
// apply-node-flags.mjs).
await import('openai');

// The compiled program, then the source file it was compiled from (the lab's src/main.ts).
const [program, source] = process.argv.splice(2, 2);
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
