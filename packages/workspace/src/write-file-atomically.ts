import { randomBytes } from 'node:crypto';
import { chmod, open, realpath, rename, stat, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** What an atomic write needs. */
export interface WriteFileAtomicallyOptions {
  /** The file to replace or create. */
  filePath: string;
  /** The new content, in consecutive pieces (so an edit can reuse the untouched bytes). */
  content: Uint8Array[];
  /**
   * Called when the new content is safely on disk, just before it replaces the file; a message
   * returned stops the write and is returned as the error. An edit uses it to check, as late as
   * it can, that nobody changed the file while the new content was being written.
   */
  beforeReplace?: () => Promise<string | undefined>;
}

/** Whether the file was replaced; `refused` when beforeReplace stopped it, `failed` on an error. */
export type WriteOutcome =
  { ok: true } | { ok: false; reason: 'refused' | 'failed'; error: string };

/**
 * Writes a file so that every reader sees either the old content or the new, never a mix: the
 * content goes to a temporary file in the same folder (a rename is atomic only within one file
 * system), is flushed to disk, gets the original file's permission bits, and then takes the
 * file's name in one rename. Any failure removes the temporary file and leaves the original as
 * it was. A symbolic link is written through, so the link stays a link.
 *
 * Limits: the file's owner becomes the writing user (changing it back needs privileges), a hard
 * link to the old file keeps the old content, and the folder must be writable.
 */
export async function writeFileAtomically({
  filePath,
  content,
  beforeReplace,
}: WriteFileAtomicallyOptions): Promise<WriteOutcome> {
  let temporary: string | undefined;
  let handle: FileHandle | undefined;
  try {
    const existing = await statIfExists(filePath);
    const target = existing ? await realpath(filePath) : filePath;
    temporary = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    handle = await open(temporary, 'wx', existing?.mode ?? 0o666);
    for (const piece of content) await handle.write(piece);
    await handle.sync();
    await handle.close();
    handle = undefined;
    // The mode given to open is narrowed by the umask; chmod sets the original's exactly.
    if (existing) await chmod(temporary, existing.mode & 0o7777);
    const refusal = await beforeReplace?.();
    if (refusal !== undefined) {
      await unlink(temporary).catch(() => {});
      return { ok: false, reason: 'refused', error: refusal };
    }
    await rename(temporary, target);
    return { ok: true };
  } catch (error) {
    await handle?.close().catch(() => {});
    if (temporary !== undefined) await unlink(temporary).catch(() => {});
    return { ok: false, reason: 'failed', error: describeWriteError(error) };
  }
}

async function statIfExists(filePath: string) {
  try {
    return await stat(filePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A write failure in words, without the machine's absolute paths. */
function describeWriteError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const why: Record<string, string> = {
    EACCES: 'permission was denied in its folder',
    EPERM: 'the operation is not permitted there',
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EROFS: 'the file system is read-only',
    EISDIR: 'a folder has that name',
    ENOTEMPTY: 'a folder has that name',
  };
  return `the file could not be written because ${why[code ?? ''] ?? `of an error (${code ?? 'unknown'})`}; nothing was changed`;
}
