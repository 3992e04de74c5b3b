import { openRegularFile } from './open-regular-file';
import type { UnreadableFile } from './open-regular-file';

/** A whole file's bytes, or why it was not read. */
export type BoundedFile = { ok: true; bytes: Buffer } | UnreadableFile;

const CHUNK_BYTES = 64 * 1024;

/**
 * Reads a whole regular file of at most `maxBytes` into memory. Reading stops as soon as a file
 * that grew since it was opened passes the limit, so the cost is bounded whatever is on disk. A
 * read the system fails (a disk error, a network file system gone) is a reason, never a throw.
 */
export async function readBoundedFile({
  filePath,
  maxBytes,
}: {
  filePath: string;
  maxBytes: number;
}): Promise<BoundedFile> {
  const opened = await openRegularFile({ filePath, maxBytes });
  if (!opened.ok) return opened;
  const { handle } = opened;
  try {
    // The expected size plus one byte, to notice a file that grew after it was opened.
    let buffer = Buffer.allocUnsafe(opened.bytes + 1);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) {
        if (filled > maxBytes) return { ok: false, reason: 'too_large', bytes: filled };
        const larger = Buffer.allocUnsafe(Math.min(buffer.length + CHUNK_BYTES, maxBytes + 1));
        buffer.copy(larger);
        buffer = larger;
      }
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { ok: true, bytes: buffer.subarray(0, filled) };
  } catch (error) {
    return { ok: false, reason: 'failed', error };
  } finally {
    await handle.close().catch(() => {});
  }
}
