import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LabLoadError } from './lab-load-error';

/** Imports one of a lab's files; a broken import becomes a LabLoadError saying what broke. */
export async function importLabFile({
  labDir,
  file,
}: {
  labDir: string;
  file: string;
}): Promise<Record<string, unknown>> {
  try {
    return (await import(pathToFileURL(join(labDir, file)).href)) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new LabLoadError(`importing ${file} failed: ${reason}`);
  }
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
