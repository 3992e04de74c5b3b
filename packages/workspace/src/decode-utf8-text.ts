/** A file's bytes as text, or why they are not text an edit may change. */
export type DecodedText = { ok: true; text: string } | { ok: false; reason: 'binary' | 'not_utf8' };

/**
 * Decodes bytes that must be UTF-8 text. Decoding is strict: a lenient decoder would turn every
 * invalid byte into U+FFFD, and writing the file back would then corrupt the bytes the edit never
 * touched. The byte-order mark stays in the text, so writing the text back keeps it. A NUL byte
 * means a binary file, which exact text replacement has no business changing.
 */
export function decodeUtf8Text(bytes: Uint8Array): DecodedText {
  if (bytes.includes(0)) return { ok: false, reason: 'binary' };
  try {
    return {
      ok: true,
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes),
    };
  } catch {
    return { ok: false, reason: 'not_utf8' };
  }
}
