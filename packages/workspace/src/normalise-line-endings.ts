/** A text with every `\r\n` turned into `\n`, and the way back to positions in the original. */
export interface NormalisedText {
  /** The text with `\n` line endings; a lone `\r` (not before `\n`) is kept as it is. */
  text: string;
  /** The position in the original text of a position in `text` (an end position works too). */
  toOriginalIndex: (index: number) => number;
}

/**
 * Models write `\n`, while a file may end its lines with `\r\n` (Windows) or mix both. Matching
 * happens on this `\n` view; edits are then made at the original positions, so every line the
 * edit does not touch keeps its own ending byte for byte. The text is copied only when it holds
 * a `\r\n`, and the way back costs one number per removed `\r`.
 */
export function normaliseLineEndings(text: string): NormalisedText {
  if (!text.includes('\r\n')) return { text, toOriginalIndex: (index) => index };
  // removedBefore[n] is the position in the normalised text of the `\n` whose `\r` was the n-th removed.
  const removedBefore: number[] = [];
  let normalised = '';
  let copiedUpTo = 0;
  for (let found = text.indexOf('\r\n'); found !== -1; found = text.indexOf('\r\n', found + 2)) {
    normalised += text.slice(copiedUpTo, found);
    removedBefore.push(normalised.length);
    copiedUpTo = found + 1;
  }
  normalised += text.slice(copiedUpTo);
  return {
    text: normalised,
    // A position keeps every `\r` removed before an earlier `\n`: a match that starts at a `\n`
    // starts at its `\r` in the original, and one that ends just before a `\n` leaves the `\r` out.
    toOriginalIndex: (index) => index + countBelow({ sorted: removedBefore, limit: index }),
  };
}

/** How many values in the ascending `sorted` are smaller than `limit` (a binary search). */
function countBelow({ sorted, limit }: { sorted: number[]; limit: number }): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < limit) low = middle + 1;
    else high = middle;
  }
  return low;
}
