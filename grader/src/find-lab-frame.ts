import { relative, sep } from 'node:path';

/**
 * Where in the lab an error was thrown, as `src/file.ts:line`, read from its stack: the first frame
 * in the lab's own files. The check process turns on source maps before the lab loads, so the
 * frames name the lab's TypeScript files and lines, not the compiled ones. Undefined when no frame
 * is the lab's (the error came from the kit, or has no stack).
 */
export function findLabFrame({
  error,
  labDir,
}: {
  error: unknown;
  labDir: string;
}): string | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const line of stack.split('\n').slice(1)) {
    // "    at name (/path/file.ts:24:11)" or "    at /path/file.ts:24:11", maybe as a file URL.
    const match = /\(?(?:file:\/\/)?(\/[^():]+):(\d+):\d+\)?\s*$/.exec(line);
    if (!match) continue;
    const [, file = '', lineNumber] = match;
    const inLab = relative(labDir, file).split(sep).join('/');
    if (inLab.startsWith('src/') && !inLab.includes('node_modules/'))
      return `${inLab}:${lineNumber}`;
  }
  return undefined;
}
