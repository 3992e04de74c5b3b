import { relative, sep } from 'node:path';
import { findLabFrame } from './find-lab-frame';

/**
 * What a lab process that died of an uncaught error printed, as the student wants to read it: the
 * error first, then where in the lab it was thrown (`Error: boom, thrown at src/main.ts:25`).
 * Node prints the place first, then the line of code with a caret under it, then the stack; only
 * the error's first line and the lab's place are kept. Undefined when stderr is not such a report
 * (the program printed its own message and set an exit code): the caller quotes it as it is.
 * `stderr` must already name the lab's source files (see map-compiled-positions.ts).
 */
export function describeCrash({
  stderr,
  labDir,
}: {
  stderr: string;
  /** The lab's folder, which the places in `stderr` are made relative to. */
  labDir: string;
}): string | undefined {
  const lines = stderr.split('\n');
  const header = lines.findIndex((line) => /^(?:file:\/\/)?\/.*:\d+$/.test(line));
  const caret = lines.findIndex((line, index) => index > header && /^\s*\^+\s*$/.test(line));
  if (header < 0 || caret < 0) return undefined;
  const errorIndex = lines.findIndex((line, index) => index > caret && line.trim() !== '');
  const errorLine = lines[errorIndex]?.trim();
  if (!errorLine || /^at /.test(errorLine)) return undefined;
  const stack = new Error();
  stack.stack = lines.slice(errorIndex).join('\n');
  const place =
    inLab({ line: lines[header] ?? '', labDir }) ?? findLabFrame({ error: stack, labDir });
  return place ? `${errorLine}, thrown at ${place}` : errorLine;
}

/** Node's `/path/file.ts:25` header as `src/file.ts:25` when the file is the lab's own. */
function inLab({ line, labDir }: { line: string; labDir: string }): string | undefined {
  const match = /^(?:file:\/\/)?(\/.*):(\d+)$/.exec(line);
  if (!match) return undefined;
  const [, file = '', lineNumber] = match;
  const path = relative(labDir, file).split(sep).join('/');
  return path.startsWith('src/') && !path.includes('node_modules/')
    ? `${path}:${lineNumber}`
    : undefined;
}
