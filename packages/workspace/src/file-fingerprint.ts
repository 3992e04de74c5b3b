import { createHash } from 'node:crypto';

/**
 * What a file held when it was read: the SHA-256 of its bytes and their count. An edit compares
 * the file's fingerprint now with the one recorded when the model read it, and refuses when they
 * differ, so a change someone made in between is never overwritten.
 *
 * Why a hash and not the modification time: a timestamp says when, not what. Two writes within
 * the file system's timestamp resolution (a whole second on some) leave the same time behind, so
 * a rewrite slips through; and a save that changes nothing, or a clock read a few milliseconds
 * apart (opencode reported false alarms from a 14 ms gap), raises an alarm for an unchanged file.
 * The hash changes exactly when the content does; the size is kept to say how much changed.
 */
export interface FileFingerprint {
  /** The SHA-256 of the file's bytes, in hexadecimal. */
  sha256: string;
  /** The file's size in bytes. */
  bytes: number;
}

/** The fingerprint of bytes held in memory, in one piece or several consecutive ones. */
export function fingerprintBytes(content: Uint8Array | Uint8Array[]): FileFingerprint {
  const hash = createHash('sha256');
  let bytes = 0;
  for (const piece of Array.isArray(content) ? content : [content]) {
    hash.update(piece);
    bytes += piece.byteLength;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Whether two fingerprints describe the same content. */
export function sameFingerprint(left: FileFingerprint, right: FileFingerprint): boolean {
  return left.bytes === right.bytes && left.sha256 === right.sha256;
}
