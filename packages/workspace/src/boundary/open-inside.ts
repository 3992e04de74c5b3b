import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { isOpenedAt } from './is-opened-at';

/**
 * O_NOFOLLOW refuses a last name that has become a symbolic link since it was resolved; O_NONBLOCK
 * keeps a named pipe from blocking the open forever.
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** An opened file, or why it could not be opened as the one that was checked. */
export type OpenedInside =
  | { ok: true; handle: FileHandle }
  | { ok: false; reason: 'missing' | 'not-permitted' | 'not-a-file' | 'changed' };

/**
 * Opens the file or folder at `realPath` (a real path inside the root, as resolveInsideWorkspace
 * gives it) once, and checks that what was opened is that entry (isOpenedAt): a folder on the way
 * swapped for a link after the path was resolved is caught, not read through. The caller reads
 * only through the handle and closes it. System errors become reasons, never messages that would
 * name the machine's absolute paths. A device, socket or named pipe is refused before it is
 * opened: opening a device can act (a terminal, a tape that rewinds, a watchdog that starts), and
 * a socket cannot be opened at all.
 */
export async function openInside({
  realPath,
  realRoot,
}: {
  realPath: string;
  realRoot: string;
}): Promise<OpenedInside> {
  try {
    const entry = await lstat(realPath);
    if (!entry.isFile() && !entry.isDirectory()) return { ok: false, reason: 'not-a-file' };
  } catch {
    // Vanished or not permitted: open says which, below.
  }
  let handle: FileHandle;
  try {
    handle = await open(realPath, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'missing' };
    if (code === 'EACCES' || code === 'EPERM') return { ok: false, reason: 'not-permitted' };
    // A socket put in the file's place since the check above.
    if (code === 'ENXIO') return { ok: false, reason: 'not-a-file' };
    return { ok: false, reason: 'changed' };
  }
  if (isOpenedAt({ descriptor: handle.fd, expectedPath: realPath, realRoot })) {
    return { ok: true, handle };
  }
  await handle.close().catch(() => {});
  return { ok: false, reason: 'changed' };
}
