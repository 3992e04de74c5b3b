import { lstat, opendir, unlink } from 'node:fs/promises';
import type { FolderInside } from './boundary/open-folder-inside';
import { LEFTOVER_TEMPORARY_AGE_MS, MAX_LEFTOVER_SCAN_ENTRIES } from './limits';
import { writerOfTemporaryName } from './temporary-name';

/**
 * Removes the temporary files that writes killed halfway (the agent stopped with SIGKILL, the
 * machine losing power) left in a folder: a write removes its own on every failure it lives
 * through, and this is the next write's chance to remove the others'. Nothing that is not
 * certainly such a file is touched: the name must be one temporaryNameFor makes; the writer it
 * names must be gone; the entry must be a regular file with one name (never a folder, a link, or a
 * file that a second name keeps); and it must be older than LEFTOVER_TEMPORARY_AGE_MS, for a
 * writer this process cannot see (another pid namespace, another machine on a shared folder).
 *
 * A pid used again by a new process makes a leftover look alive: it stays until that process ends,
 * the safe way round (a live writer's pid is never taken for a dead one's). Best effort: a failure
 * here never fails the write that ran it.
 */
export async function removeLeftoverTemporaries({ folder }: { folder: FolderInside }) {
  try {
    let seen = 0;
    // for await closes the folder however the loop ends.
    for await (const entry of await opendir(folder.entryPath('.'))) {
      seen += 1;
      if (seen > MAX_LEFTOVER_SCAN_ENTRIES) break;
      const writer = writerOfTemporaryName(entry.name);
      // The entry's type comes from lstat, not the listing: some file systems list none.
      if (writer === undefined || isRunning(writer)) continue;
      const entryPath = folder.entryPath(entry.name);
      const found = await lstat(entryPath);
      if (!found.isFile() || found.nlink !== 1) continue;
      if (Date.now() - found.mtimeMs < LEFTOVER_TEMPORARY_AGE_MS) continue;
      await unlink(entryPath).catch(() => {});
    }
  } catch {
    // The folder could not be listed, or an entry vanished: the leftovers wait for a later write.
  }
}

/** Whether a process with this id runs: signal 0 only asks. EPERM: it runs, as someone else. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
