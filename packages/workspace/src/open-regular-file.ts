import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

/** Why a file could not be read whole. */
export type UnreadableFile =
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'folder' }
  | { ok: false; reason: 'not_a_file' }
  | { ok: false; reason: 'not_permitted' }
  | { ok: false; reason: 'too_large'; bytes: number }
  /** Any other refusal of the system; describeFileError puts it in words. */
  | { ok: false; reason: 'failed'; error: unknown };

/**
 * O_NOFOLLOW: a symbolic link is not followed (it may lead anywhere); O_NONBLOCK: something put
 * in the file's place after the check below cannot block the open.
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/**
 * Opens a regular file of at most `maxBytes` for reading; the caller closes the handle. What is at
 * the name is looked at before anything is opened: opening is not harmless for what is not a file
 * (a named pipe's open releases a writer waiting on it, a device's open can act, a socket's open
 * fails). The size and kind are checked again on the open file, and it must be the entry looked
 * at, so a file swapped for another in between cannot slip past. Give the real path
 * (resolveInsideWorkspace's): a symbolic link is refused, not followed.
 */
export async function openRegularFile({
  filePath,
  maxBytes,
}: {
  filePath: string;
  maxBytes: number;
}): Promise<{ ok: true; handle: FileHandle; bytes: number } | UnreadableFile> {
  let handle: FileHandle;
  let entry;
  try {
    entry = await lstat(filePath);
    if (entry.isDirectory()) return { ok: false, reason: 'folder' };
    if (!entry.isFile()) return { ok: false, reason: 'not_a_file' };
    handle = await open(filePath, OPEN_FLAGS);
  } catch (error) {
    return openFailure(error);
  }
  try {
    const stats = await handle.stat();
    const same = stats.dev === entry.dev && stats.ino === entry.ino;
    if (same && stats.isFile() && stats.size <= maxBytes) {
      return { ok: true, handle, bytes: stats.size };
    }
    await handle.close();
    if (!same || !stats.isFile()) return { ok: false, reason: 'not_a_file' };
    return { ok: false, reason: 'too_large', bytes: stats.size };
  } catch (error) {
    await handle.close().catch(() => {});
    return { ok: false, reason: 'failed', error };
  }
}

function openFailure(error: unknown): UnreadableFile {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'missing' };
  if (code === 'EISDIR') return { ok: false, reason: 'folder' };
  // ELOOP: the name became a symbolic link; ENXIO: a socket or device took the file's place.
  if (code === 'ELOOP' || code === 'ENXIO' || code === 'ENODEV') {
    return { ok: false, reason: 'not_a_file' };
  }
  if (code === 'EACCES' || code === 'EPERM') return { ok: false, reason: 'not_permitted' };
  return { ok: false, reason: 'failed', error };
}
