import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompiledLab } from '../compiled/compile-lab';
import { compiledPathOf } from '../compiled/compiled-path-of.mjs';
import { findLabFrame } from './find-lab-frame';
import { LabLoadError } from './lab-load-error';

/** The lab this process grades, compiled; set once by the check process before any check runs. */
let compiled: { labDir: string; modules: CompiledLab['modules'] } | undefined;

/**
 * Makes importLabFile load this lab's compiled files instead of its sources, which only a
 * TypeScript loader could import. Called by the check process (see drive-lab.ts).
 */
export function useCompiledLab(lab: { labDir: string; modules: CompiledLab['modules'] }): void {
  compiled = lab;
}

/**
 * Imports one of a lab's files; a broken import becomes a LabLoadError saying what broke. In the
 * check process that is the file's compiled twin; from source (the grader's tests under vitest)
 * the file itself.
 */
export async function importLabFile({
  labDir,
  file,
}: {
  labDir: string;
  file: string;
}): Promise<Record<string, unknown>> {
  try {
    return (await import(pathToFileURL(locate({ labDir, file })).href)) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const at = findLabFrame({ error, labDir });
    throw new LabLoadError(`importing ${file} failed: ${reason}${at ? ` (at ${at})` : ''}`, {
      file,
      reason,
      ...(at ? { at } : {}),
    });
  }
}

/** The file to import for a lab's source file: its compiled twin when the lab was compiled. */
function locate({ labDir, file }: { labDir: string; file: string }): string {
  const source = join(labDir, file);
  if (!compiled || compiled.labDir !== labDir) return source;
  if (!compiled.modules.ok) throw new Error(compiled.modules.error);
  const twin = compiledPathOf({ sourceRoot: labDir, outDir: compiled.modules.dir, file: source });
  if (!twin) throw new Error(`the lab has no ${file}`);
  return twin;
}

/** The names `required` lists that `module` lacks, or has as another kind of value (or null). */
export function findMissingExports({
  module,
  required,
}: {
  module: Record<string, unknown>;
  required: Record<string, string>;
}): string[] {
  return Object.entries(required)
    .filter(([name, kind]) => typeof module[name] !== kind || module[name] === null)
    .map(([name]) => name);
}
