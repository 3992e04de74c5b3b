import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';

/**
 * The first of `names` that is an executable on PATH, or undefined. Debian installs fd as
 * "fdfind", other systems as "fd", so callers pass both.
 */
export async function findProgram(names: string[]): Promise<string | undefined> {
  const folders = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of names) {
    for (const folder of folders) {
      const candidate = path.join(folder, name);
      try {
        await access(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not in this folder; try the next
      }
    }
  }
  return undefined;
}
