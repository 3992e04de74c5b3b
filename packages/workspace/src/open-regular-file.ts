import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

/** Why a file could not be read whole. */
export type UnreadableFile =
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'not_a_file' }
  | { ok: false; reason: 'not_permitted' }
  | { ok: false; reason: 'too_large'; bytes: number };

/**
 * Opens a regular file of at most `maxBytes` for reading; the caller closes the handle. The size
 * and kind are checked on the open file, so a file swapped for another after a check cannot slip
 * past. Opening without blocking means a named pipe is refused instead of waiting for a writer.
 * A symbolic link is not followed: give the real path (resolveInsideWorkspace's), which is one.
 */
export async function openRegularFile({
  filePath,
  maxBytes,
}: {
  filePath: string;
  maxBytes: number;
}): Promise<{ ok: true; handle: FileHandle; bytes: number } | UnreadableFile> {
  let handle: FileHandle;
  try {
    handle = await open(filePath, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'missing' };
    // ELOOP: the name is a symbolic link, which is not followed (it may lead anywhere).
    if (code === 'EISDIR' || code === 'ELOOP') return { ok: false, reason: 'not_a_file' };
    if (code === 'EACCES' || code === 'EPERM') return { ok: false, reason: 'not_permitted' };
    throw error;
  }
  const stats = await handle.stat();
  if (stats.isFile() && stats.size <= maxBytes) return { ok: true, handle, bytes: stats.size };
  await handle.close();
  if (!stats.isFile()) return { ok: false, reason: 'not_a_file' };
  return { ok: false, reason: 'too_large', bytes: stats.size };
}
