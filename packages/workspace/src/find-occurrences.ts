/**
 * Where `search` starts in `text`, left to right, at most `limit` places: every place when
 * `overlapping` (so "aa" starts twice in "aaa"), else each after the end of the one before, as a
 * replace-all takes them. An empty `search` has no places.
 *
 * It costs time linear in `text.length + search.length` whatever the two hold, which
 * `text.indexOf` does not promise: V8's indexOf compares a long search window by window, so one
 * call looking for 1.5 MB of "a" with a "b" in the middle, in 3 MB of "a", took 357 s (Node 20).
 * This is Crochemore and Perrin's two-way matching, as glibc's memmem does it: `search` is cut at
 * a critical point, its right part is compared left to right and its left part right to left,
 * and a mismatch shifts past what was compared, so no character of `text` is read more than
 * twice. Unlike Knuth-Morris-Pratt it needs no table, only a few numbers: a search of megabytes
 * adds nothing to an edit's memory.
 */
export function findOccurrences({
  text,
  search,
  overlapping,
  limit,
}: {
  text: string;
  search: string;
  overlapping: boolean;
  limit: number;
}): number[] {
  const starts: number[] = [];
  const length = search.length;
  if (length === 0 || limit <= 0 || length > text.length) return starts;
  const at = (index: number) => search.charCodeAt(index);
  // The critical factorisation: search[0..cut] and search[cut + 1..], from the later of the two
  // maximal suffixes (one for each order of the characters), and the right part's period.
  const ascending = maximalSuffix({ search, greater: false });
  const descending = maximalSuffix({ search, greater: true });
  const { start: cut, period: rightPeriod } =
    ascending.start > descending.start ? ascending : descending;
  const last = text.length - length;
  let position = 0;
  const found = (start: number) => {
    starts.push(start);
    return starts.length >= limit;
  };
  if (startsAgain({ search, period: rightPeriod, length: cut + 1 })) {
    // search has period rightPeriod: after a match, the next may overlap it, and the part of
    // search already known to match (up to `known`) is not compared again.
    const period = rightPeriod;
    let known = -1;
    while (position <= last) {
      let index = Math.max(cut, known) + 1;
      while (index < length && at(index) === text.charCodeAt(position + index)) index += 1;
      if (index < length) {
        position += index - cut;
        known = -1;
        continue;
      }
      index = cut;
      while (index > known && at(index) === text.charCodeAt(position + index)) index -= 1;
      if (index <= known) {
        if (found(position)) break;
        if (!overlapping) {
          position += length;
          known = -1;
          continue;
        }
      }
      position += period;
      known = length - period - 1;
    }
  } else {
    // No two places of search are closer than this, so a match or a mismatch on the left
    // part may shift by it.
    const shift = Math.max(cut + 1, length - cut - 1) + 1;
    while (position <= last) {
      let index = cut + 1;
      while (index < length && at(index) === text.charCodeAt(position + index)) index += 1;
      if (index < length) {
        position += index - cut;
        continue;
      }
      index = cut;
      while (index >= 0 && at(index) === text.charCodeAt(position + index)) index -= 1;
      if (index < 0) {
        if (found(position)) break;
        position += overlapping ? shift : Math.max(shift, length);
      } else {
        position += shift;
      }
    }
  }
  return starts;
}

/**
 * The start (minus one, so -1 is the whole text) and period of the maximal suffix of `search`,
 * in the order of character codes or, with `greater`, the reverse order.
 */
function maximalSuffix({ search, greater }: { search: string; greater: boolean }): {
  start: number;
  period: number;
} {
  let start = -1;
  let candidate = 0;
  let offset = 1;
  let period = 1;
  while (candidate + offset < search.length) {
    const next = search.charCodeAt(candidate + offset);
    const known = search.charCodeAt(start + offset);
    if (greater ? next > known : next < known) {
      candidate += offset;
      offset = 1;
      period = candidate - start;
    } else if (next === known) {
      if (offset === period) {
        candidate += period;
        offset = 1;
      } else {
        offset += 1;
      }
    } else {
      start = candidate;
      candidate = start + 1;
      offset = 1;
      period = 1;
    }
  }
  return { start, period };
}

/** Whether search's first `length` characters occur again `period` characters on. */
function startsAgain({
  search,
  period,
  length,
}: {
  search: string;
  period: number;
  length: number;
}): boolean {
  if (period + length > search.length) return false;
  for (let index = 0; index < length; index += 1) {
    if (search.charCodeAt(index) !== search.charCodeAt(index + period)) return false;
  }
  return true;
}
