import type { TextSplice } from './text-splice';

/**
 * A file's new content as pieces: the original bytes between the splices, reused without
 * copying, and the encoded replacements. `text` is `bytes` decoded as UTF-8 and the splices are
 * positions in it; only the replaced text is ever encoded again, so an edit of a large file holds
 * the file once as bytes and once as text, and nothing it did not change can come out different.
 */
export function spliceBytes({
  bytes,
  text,
  splices,
}: {
  bytes: Buffer;
  text: string;
  splices: TextSplice[];
}): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  // A replace-all inserts one text in thousands of places: it is encoded once and shared.
  const encoded = new Map<string, Buffer>();
  const encode = (insert: string) => {
    const known = encoded.get(insert) ?? Buffer.from(insert);
    encoded.set(insert, known);
    return known;
  };
  let characters = 0;
  let byteOffset = 0;
  for (const splice of splices) {
    const keptBytes = Buffer.byteLength(text.slice(characters, splice.start));
    pieces.push(bytes.subarray(byteOffset, byteOffset + keptBytes), encode(splice.text));
    byteOffset += keptBytes + Buffer.byteLength(text.slice(splice.start, splice.end));
    characters = splice.end;
  }
  pieces.push(bytes.subarray(byteOffset));
  return pieces;
}
