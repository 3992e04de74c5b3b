import { findOccurrences } from './find-occurrences';

/**
 * The first and last line (1-based) of the first place `search` occurs once all whitespace is
 * taken out of both texts, or undefined when it occurs nowhere even then. A clue for the model's
 * next call, never a match to apply: text that matches only without its whitespace may be other
 * code that looks alike.
 */
export function linesIgnoringWhitespace({
  text,
  search,
}: {
  text: string;
  search: string;
}): { first: number; last: number } | undefined {
  const squeezedSearch = search.replace(/\s+/g, '');
  if (squeezedSearch === '') return undefined;
  // lineStarts[n] is where line n + 1 begins in the squeezed text.
  const lineStarts: number[] = [];
  let squeezed = '';
  for (const line of text.split('\n')) {
    lineStarts.push(squeezed.length);
    squeezed += line.replace(/\s+/g, '');
  }
  // Linear in the file whatever the search holds, which an indexOf of a long one is not.
  const found = findOccurrences({
    text: squeezed,
    search: squeezedSearch,
    overlapping: false,
    limit: 1,
  })[0];
  if (found === undefined) return undefined;
  return {
    first: lineOf({ lineStarts, index: found }),
    last: lineOf({ lineStarts, index: found + squeezedSearch.length - 1 }),
  };
}

/** The 1-based line holding a squeezed position: the last line starting at or before it. */
function lineOf({ lineStarts, index }: { lineStarts: number[]; index: number }): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (lineStarts[middle]! <= index) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}
