/** Where a search string occurs in a text. */
export interface Occurrences {
  /** How many times it occurs, counted up to `countUpTo`. */
  count: number;
  /** The start positions of the first `keep` occurrences, ascending. */
  starts: number[];
}

/**
 * The occurrences of `search` in `text`. Overlapping ones count when `overlapping` is set ("aa"
 * occurs twice in "aaa"): an edit is unambiguous only when no second position would match, even
 * one overlapping the first. Without it, each search resumes after the previous match, which are
 * the places a replace-all changes.
 *
 * Both the positions kept and the count are bounded: a long search string that overlaps itself
 * ("aaaa…" in a file of "a"s) is compared in full at every position, so counting every
 * occurrence in a large file could take minutes; the count stops at `countUpTo`.
 */
export function findOccurrences({
  text,
  search,
  keep,
  countUpTo,
  overlapping,
}: {
  text: string;
  search: string;
  keep: number;
  countUpTo: number;
  overlapping: boolean;
}): Occurrences {
  const starts: number[] = [];
  const step = overlapping ? 1 : search.length;
  let count = 0;
  for (
    let found = text.indexOf(search);
    found !== -1 && count < countUpTo;
    found = text.indexOf(search, found + step)
  ) {
    if (starts.length < keep) starts.push(found);
    count += 1;
  }
  return { count, starts };
}
