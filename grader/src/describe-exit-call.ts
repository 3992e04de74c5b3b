import { findLabFrame } from './find-lab-frame';

/** What the real run's launcher writes to stderr when the lab calls process.exit, then the stack. */
export const EXIT_CALLED = 'the lab called process.exit';

/**
 * Where a lab run that ended by process.exit called it, from what the launcher wrote
 * (see launch-lab-program.ts): `the lab called process.exit(1) at src/tools/grep.ts:56`, or without a
 * place when no frame is the lab's. Undefined when the run did not call it. `stderr` must already
 * name the lab's source files (see map-compiled-positions.ts).
 */
export function describeExitCall({
  stderr,
  labDir,
}: {
  stderr: string;
  labDir: string;
}): string | undefined {
  const lines = stderr.split('\n');
  const index = lines.findIndex((line) => line.startsWith(EXIT_CALLED));
  if (index < 0) return undefined;
  const call = lines[index] ?? EXIT_CALLED;
  const stack = new Error();
  stack.stack = [call, ...lines.slice(index + 1).filter((line) => /^\s+at /.test(line))].join('\n');
  const place = findLabFrame({ error: stack, labDir });
  return place ? `${call} at ${place}` : call;
}
