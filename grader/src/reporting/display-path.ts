import { isAbsolute, relative } from 'node:path';

/** A path relative to where the person stands when it is inside, else absolute. */
export function displayPath({ path, from }: { path: string; from: string }): string {
  const relativePath = relative(from, path);
  if (relativePath === '') return '.';
  return relativePath.startsWith('..') || isAbsolute(relativePath) ? path : relativePath;
}
