import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompiledKit } from '../compiled/compile-grader.mjs';
import { compiledPathOf } from '../compiled/compiled-path-of.mjs';

// Set by esbuild when it compiles the grader (see compiled/compile-grader.mjs); undeclared when the
// grader runs from its TypeScript sources (under tsx or vitest).
declare const AGENT_COURSE_BUILD: CompiledKit | undefined;

/** The compiled grader this code is part of, or undefined when it runs from source. */
export const RUNNING_BUILD: CompiledKit | undefined =
  typeof AGENT_COURSE_BUILD === 'undefined' ? undefined : AGENT_COURSE_BUILD;

/**
 * Imports a module of the kit by its source path: a day's manifest, or a list of its checks. From
 * source that is the file itself; the compiled grader imports the file's compiled twin, which every
 * such module has (they are the build's entries).
 */
export function importKitModule(file: string): Promise<unknown> {
  if (!RUNNING_BUILD) return import(pathToFileURL(file).href);
  const compiled = compiledPathOf({
    sourceRoot: RUNNING_BUILD.kitRoot,
    outDir: RUNNING_BUILD.outDir,
    file,
  });
  if (!compiled) {
    const shown = relative(RUNNING_BUILD.kitRoot, file);
    return Promise.reject(
      new Error(`${shown} is not in the compiled grader; grade again, which compiles it anew`),
    );
  }
  return import(pathToFileURL(compiled).href);
}
