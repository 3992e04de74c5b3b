// @ts-check
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Where the compiled twin of a TypeScript file lives in a build of the folder it belongs to, or
 * undefined when the build does not hold one (the file is outside the folder, or was not one of the
 * build's entries). esbuild writes each entry at its path inside the folder, ending in `.js`.
 *
 * @param {{ sourceRoot: string, outDir: string, file: string }} options
 * @returns {string | undefined}
 */
export function compiledPathOf({ sourceRoot, outDir, file }) {
  const inside = relative(sourceRoot, file);
  if (inside.startsWith('..') || !/\.[cm]?ts$/.test(inside)) return undefined;
  const compiled = join(outDir, inside.replace(/\.[cm]?ts$/, '.js'));
  return existsSync(compiled) ? compiled : undefined;
}
