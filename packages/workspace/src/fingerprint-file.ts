import { createHash } from 'node:crypto';
import type { FileFingerprint } from './file-fingerprint';
import { MAX_EDITABLE_BYTES } from './limits';
import { openRegularFile } from './open-regular-file';
import type { UnreadableFile } from './open-regular-file';

/** How much of a file is read at a time while hashing it. */
const HASH_CHUNK_BYTES = 64 * 1024;

/**
 * The fingerprint of a file on disk, for read_file to record what the model saw. It streams the
 * file, so memory stays small, and reads at most `maxBytes` (MAX_EDITABLE_BYTES unless set): a
 * larger file can never be edited, so there is nothing worth hashing.
 *
 * Take the fingerprint before showing the file, not after: if the file changes in between, the
 * model has seen newer text under an older fingerprint, and its edit is refused (a false alarm it
 * recovers from by reading again) rather than allowed on text it never saw.
 */
export async function fingerprintFile({
  filePath,
  maxBytes = MAX_EDITABLE_BYTES,
}: {
  filePath: string;
  maxBytes?: number;
}): Promise<{ ok: true; fingerprint: FileFingerprint } | UnreadableFile> {
  const opened = await openRegularFile({ filePath, maxBytes });
  if (!opened.ok) return opened;
  const hash = createHash('sha256');
  let bytes = 0;
  // One buffer, read into again and again: a stream's fresh chunk per read would leave a file's
  // worth of garbage behind, and an edit hashes while it already holds the file twice.
  const buffer = Buffer.allocUnsafe(HASH_CHUNK_BYTES);
  try {
    // One byte past the limit is enough to tell that the file grew past it.
    while (bytes <= maxBytes) {
      const { bytesRead } = await opened.handle.read(buffer, 0, buffer.byteLength, bytes);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      bytes += bytesRead;
    }
  } catch (error) {
    return { ok: false, reason: 'failed', error };
  } finally {
    await opened.handle.close();
  }
  if (bytes > maxBytes) return { ok: false, reason: 'too_large', bytes };
  return { ok: true, fingerprint: { sha256: hash.digest('hex'), bytes } };
}
