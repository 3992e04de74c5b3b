import { accessSync, constants, statSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** Linux's shared-memory file system: a folder in memory that every user may write to. */
const MEMORY_FOLDER = '/dev/shm';

let tempRoot: string | undefined;

/**
 * Where a grade's folders go: the system's temporary folder, or, on Linux when TMPDIR is not set,
 * /dev/shm. A grade writes and deletes some two hundred small files (a sandbox per run, the
 * compiled lab); on a disk file system each costs a journal entry, on the path every grade waits on
 * (scripts/src/bench/NOTES.md has the measurement).
 * TMPDIR set by the person grading is always obeyed.
 */
export function gradeTempRoot(): string {
  tempRoot ??= chooseTempRoot();
  return tempRoot;
}

function chooseTempRoot(): string {
  if (process.platform !== 'linux' || process.env.TMPDIR) return tmpdir();
  try {
    if (!statSync(MEMORY_FOLDER).isDirectory()) return tmpdir();
    accessSync(MEMORY_FOLDER, constants.W_OK | constants.X_OK);
    return MEMORY_FOLDER;
  } catch {
    return tmpdir();
  }
}
