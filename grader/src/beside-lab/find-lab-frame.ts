import { findOwnFrame } from '@agent-course/core/find-own-frame';

/**
 * Where in the lab an error was thrown, as `src/file.ts:line`, read from its stack: the first frame
 * in the lab's own `src` files. The check process turns on source maps before the lab loads, so the
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
  return findOwnFrame({ error, root: labDir, folder: 'src' });
}
