import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where in the day's own files an error was thrown, as `src/file.ts:line` relative to `root`: the
 * first frame of its stack inside `root` and outside node_modules. tsx maps the frames back to the
 * TypeScript files and lines. Undefined when no frame is the day's (the kit's code threw, or the
 * error has no stack), so nothing is guessed.
 */
export function findOwnFrame({
  error,
  root,
  folder,
}: {
  error: unknown;
  root: string;
  /** Only frames in this folder of `root` count, e.g. `src` (the grader: a lab's own code). */
  folder?: string;
}): string | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const line of stack.split('\n').slice(1)) {
    // "    at name (/path/file.ts:24:11)" or "    at /path/file.ts:24:11", maybe as a file URL.
    const match = /\(?((?:file:\/\/)?\/[^():]+):(\d+):\d+\)?\s*$/.exec(line);
    if (!match) continue;
    const [, place = '', lineNumber] = match;
    const file = place.startsWith('file://') ? fileURLToPath(place) : place;
    const own = relative(root, file);
    if (own.startsWith('..') || isAbsolute(own)) continue;
    const shown = own.split(sep).join('/');
    if (shown.split('/').includes('node_modules')) continue;
    if (folder && !shown.startsWith(`${folder}/`)) continue;
    return `${shown}:${lineNumber}`;
  }
  return undefined;
}
