import { isUtf8 } from 'node:buffer';

/** A file's bytes as text, or why they are not text an edit may change. */
export type DecodedText = { ok: true; text: string } | { ok: false; reason: 'binary' | 'not_utf8' };

/**
 * Decodes bytes that must be UTF-8 text. Invalid bytes are refused, not replaced: a lenient
 * decoder turns each into U+FFFD, and writing the file back would then corrupt bytes the edit
 * never touched. The byte-order mark stays in the text, so writing the text back keeps it. A NUL
 * byte means a binary file, which exact text replacement has no business changing.
 *
 * `isUtf8` checks in place and `toString` builds a one-byte string for ASCII text, so a file
 * costs one copy of itself; a strict TextDecoder goes through UTF-16 and costs two or three.
 */
export function decodeUtf8Text(bytes: Buffer): DecodedText {
  if (bytes.includes(0)) return { ok: false, reason: 'binary' };
  if (!isUtf8(bytes)) return { ok: false, reason: 'not_utf8' };
  return { ok: true, text: bytes.toString('utf8') };
}
