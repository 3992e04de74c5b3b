import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findOccurrences } from './find-occurrences';

/** Every place indexOf finds, one character on or one match on: what findOccurrences must give. */
function byIndexOf({ text, search, overlapping, limit }: Parameters<typeof findOccurrences>[0]) {
  const starts: number[] = [];
  const step = overlapping ? 1 : search.length;
  for (
    let at = text.indexOf(search);
    at !== -1 && starts.length < limit;
    at = text.indexOf(search, at + step)
  ) {
    starts.push(at);
  }
  return starts;
}

/**
 * The characters findOccurrences reads while `run` runs: charCodeAt is how it reads them, so the
 * count is its work, measured without a clock. Past `budget` it throws, so quadratic work fails
 * at once instead of running for minutes.
 */
function countReads<T>(budget: number, run: () => T): { result: T; reads: number } {
  const charCodeAt = String.prototype.charCodeAt;
  let reads = 0;
  String.prototype.charCodeAt = function (this: string, index: number) {
    reads += 1;
    if (reads > budget) throw new Error(`more than ${budget} characters read`);
    return charCodeAt.call(this, index);
  };
  try {
    return { result: run(), reads };
  } finally {
    String.prototype.charCodeAt = charCodeAt;
  }
}

describe('findOccurrences', () => {
  it('gives the places indexOf gives, overlapping or not, up to the limit', () => {
    const small = fc.string({ unit: fc.constantFrom('a', 'b', '😀'), maxLength: 24 });
    fc.assert(
      fc.property(
        small,
        small.filter((search) => search !== ''),
        fc.boolean(),
        fc.integer({ min: 1, max: 6 }),
        (text, search, overlapping, limit) => {
          const options = { text, search, overlapping, limit };
          expect(findOccurrences(options)).toEqual(byIndexOf(options));
        },
      ),
      { numRuns: 2000 },
    );
    // Searches cut from the text itself, over two letters: periodic ones, matches everywhere.
    const twoLetters = fc.string({ unit: fc.constantFrom('a', 'b'), minLength: 1, maxLength: 80 });
    fc.assert(
      fc.property(
        twoLetters,
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        fc.integer({ min: 1, max: 40 }),
        (text, from, length, overlapping, limit) => {
          const start = from % text.length;
          const search = text.slice(start, start + 1 + (length % (text.length - start)));
          const options = { text: text + text, search, overlapping, limit };
          expect(findOccurrences(options)).toEqual(byIndexOf(options));
        },
      ),
      { numRuns: 5000 },
    );
    expect(findOccurrences({ text: 'aaa', search: 'aa', overlapping: true, limit: 9 })).toEqual([
      0, 1,
    ]);
    expect(findOccurrences({ text: 'aaa', search: 'aa', overlapping: false, limit: 9 })).toEqual([
      0,
    ]);
    expect(findOccurrences({ text: 'abc', search: '', overlapping: true, limit: 9 })).toEqual([]);
  });

  // 3 MB of text and a 1.5 MB search: 11 overlapping places of repeated text, and a search that
  // differs from the text in its middle character, on which one V8 indexOf call took 357 s.
  const MEGABYTE = 1024 * 1024;
  const line = 'const value = compute(input);\n';
  const repeated = line.repeat(Math.ceil((3 * MEGABYTE) / line.length));
  const flat = 'a'.repeat(3 * MEGABYTE);
  const cases = [
    { name: 'repeated text', text: repeated, search: repeated.slice(0, 1.5 * MEGABYTE), found: 11 },
    {
      name: 'a search differing in its middle',
      text: flat,
      search: `${'a'.repeat(0.75 * MEGABYTE)}b${'a'.repeat(0.75 * MEGABYTE)}`,
      found: 0,
    },
  ];
  for (const { name, text, search, found } of cases) {
    it(`reads each character a few times at most, whatever the text: ${name}`, () => {
      // Two-way matching reads each character of the text at most twice, and search a few times.
      const budget = 4 * (text.length + search.length);
      const { result, reads } = countReads(budget, () =>
        findOccurrences({ text, search, overlapping: true, limit: 11 }),
      );
      expect(result).toHaveLength(found);
      expect(reads).toBeLessThanOrEqual(budget);
    });
  }
});
