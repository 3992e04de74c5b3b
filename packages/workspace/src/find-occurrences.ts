/** Where a search string occurs in a text. */
export interface Occurrences {
  /** How many times it occurs. */
  count: number;
  /** The start positions of the first `keep` occurrences, ascending. */
  starts: number[];
}

/**
 * Every occurrence of `search` in `text`. Overlapping ones count when `overlapping` is set ("aa"
 * occurs twice in "aaa"): an edit is unambiguous only when no second position would match, even
 * one overlapping the first. Without it, each search resumes after the previous match, which are
 * the places a replace-all changes. Only the first `keep` positions are kept, so a one-character
 * search in a large file costs a count, not an array of millions.
 */
export function findOccurrences({
  text,
  search,
  keep,
  overlapping,
}: {
  text: string;
  search: string;
  keep: number;
  overlapping: boolean;
}): Occurrences {
  const starts: number[] = [];
  const step = overlapping ? 1 : search.length;
  let count = 0;
  for (let found = text.indexOf(search); found !== -1; found = text.indexOf(search, found + step)) {
    if (starts.length < keep) starts.push(found);
    count += 1;
  }
  return { count, starts };
}
