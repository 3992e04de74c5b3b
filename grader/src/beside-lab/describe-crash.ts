import { findLabFrame } from './find-lab-frame';

/** What the real run's launcher writes to stderr when the lab calls process.exit, then the stack. */
export const EXIT_CALLED = 'the lab called process.exit';

/** What ended a lab process, as describeCrash reads it from stderr. */
export interface Crash {
  /** What ended it, for the report: `the lab called process.exit(1) at src/tools/grep.ts:56`. */
  said: string;
  /** How: a call of process.exit, or an error nothing caught. */
  kind: 'exit' | 'uncaught';
  /** Where in the lab (`src/file.ts:line`), when a frame of the lab's says so. */
  at?: string;
}

/**
 * What a lab process that died printed, as the student wants to read it: what ended it first, then
 * where in the lab. A process.exit, as the launcher reports it (see launch-lab-program.ts): `the
 * lab called process.exit(1) at src/tools/grep.ts:56`. An uncaught error, as Node reports it (the
 * place, the line of code with a caret under it, then the stack): `Error: boom, thrown at
 * src/main.ts:25`, only the error's first line kept. Either without a place when no frame is the
 * lab's. Undefined when stderr is neither (the program printed its own message and set an exit
 * code): the caller quotes it as it is. `stderr` must already name the lab's source files (see
 * map-compiled-positions.ts).
 */
export function describeCrash({
  stderr,
  labDir,
}: {
  stderr: string;
  /** The lab's folder, which the places in `stderr` are made relative to. */
  labDir: string;
}): Crash | undefined {
  const lines = stderr.split('\n');
  return describeExitCall({ lines, labDir }) ?? describeUncaught({ lines, labDir });
}

function describeExitCall({
  lines,
  labDir,
}: {
  lines: string[];
  labDir: string;
}): Crash | undefined {
  const index = lines.findIndex((line) => line.startsWith(EXIT_CALLED));
  if (index < 0) return undefined;
  const call = lines[index] ?? EXIT_CALLED;
  const at = placeInLab({ frames: lines.slice(index + 1), labDir });
  return at ? { said: `${call} at ${at}`, kind: 'exit', at } : { said: call, kind: 'exit' };
}

function describeUncaught({
  lines,
  labDir,
}: {
  lines: string[];
  labDir: string;
}): Crash | undefined {
  const header = lines.findIndex((line) => /^(?:file:\/\/)?\/.*:\d+$/.test(line));
  const caret = lines.findIndex((line, index) => index > header && /^\s*\^+\s*$/.test(line));
  if (header < 0 || caret < 0) return undefined;
  const errorIndex = lines.findIndex((line, index) => index > caret && line.trim() !== '');
  const errorLine = lines[errorIndex]?.trim();
  if (!errorLine || /^at /.test(errorLine)) return undefined;
  // The header names the place without a column: read as the first frame of the stack.
  const frames = [`    at ${lines[header]}:1`, ...lines.slice(errorIndex + 1)];
  const at = placeInLab({ frames, labDir });
  return at
    ? { said: `${errorLine}, thrown at ${at}`, kind: 'uncaught', at }
    : { said: errorLine, kind: 'uncaught' };
}
/** The first of these stack lines in the lab's own files, as findLabFrame reads an error's stack. */
function placeInLab({ frames, labDir }: { frames: string[]; labDir: string }) {
  const stack = new Error();
  stack.stack = ['', ...frames].join('\n');
  return findLabFrame({ error: stack, labDir });
}
