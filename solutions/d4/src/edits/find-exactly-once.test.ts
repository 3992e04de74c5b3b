import { MAX_LISTED_MATCHES, MAX_REPLACEMENTS } from '@agent-course/workspace';
import { describe, expect, it } from 'vitest';
import { findExactlyOnce } from './find-exactly-once';

const find = (text: string, oldString: string, replaceAll = false) =>
  findExactlyOnce({ text, oldString, replaceAll });
const errorOf = (found: ReturnType<typeof findExactlyOnce>) => (found.ok ? '' : found.error);

describe('findExactlyOnce: exactly once', () => {
  it('gives the one place the text starts', () => {
    expect(find('a = 1;\nb = 2;\nc = 3;\n', 'b = 2;')).toEqual({ ok: true, starts: [7] });
  });

  it("reads the model's \\r\\n as \\n, the text's own endings", () => {
    expect(find('one\ntwo\n', 'one\r\ntwo')).toEqual({ ok: true, starts: [0] });
  });

  it('fills only an empty file from an empty old_string', () => {
    expect(find('', '')).toEqual({ ok: true, starts: [0] });
    expect(errorOf(find('anything', ''))).toContain('old_string is empty');
  });
});

describe('findExactlyOnce: several places', () => {
  it('refuses, naming every line, and suggests replace_all', () => {
    const error = errorOf(
      find('total += 1;\nother();\ntotal += 1;\n\ntotal += 1;\n', 'total += 1;'),
    );
    expect(error).toContain('3 times (at lines 1, 3, 5)');
    expect(error).toContain('replace_all');
  });

  it('counts overlapping places: "aa" occurs twice in "aaa"', () => {
    expect(errorOf(find('aaa', 'aa'))).toContain('occurs 2 times (at line 1)');
  });

  it(`lists at most ${MAX_LISTED_MATCHES} places and counts the rest`, () => {
    // Counting stops one past what the message lists: how many more is not worth the work.
    expect(errorOf(find('x\n'.repeat(25), 'x'))).toContain(
      `more than ${MAX_LISTED_MATCHES} times (at lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and more)`,
    );
    expect(errorOf(find('x\n'.repeat(MAX_LISTED_MATCHES), 'x'))).toContain(
      `${MAX_LISTED_MATCHES} times (at lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)`,
    );
  });

  it('gives every place with replaceAll, left to right without overlapping', () => {
    expect(find('a1 a2 a3', 'a', true)).toEqual({ ok: true, starts: [0, 3, 6] });
    expect(find('aaa', 'aa', true)).toEqual({ ok: true, starts: [0] });
  });

  it(`refuses more than ${MAX_REPLACEMENTS} places, and stops counting there`, () => {
    expect(errorOf(find('x'.repeat(MAX_REPLACEMENTS + 1), 'x', true))).toContain('sed');
    const atLimit = find('x'.repeat(MAX_REPLACEMENTS), 'x', true);
    expect(atLimit.ok && atLimit.starts.length).toBe(MAX_REPLACEMENTS);
    // A long search that overlaps itself everywhere: bounded, not minutes of counting.
    const flood = find('a'.repeat(1_000_000), 'a'.repeat(1000));
    expect(errorOf(flood)).toContain(`more than ${MAX_LISTED_MATCHES} times (at lines 1 and more)`);
  });
});

describe('findExactlyOnce: work linear in the file', () => {
  // A 1.5 MB old_string in 3 MB of one line repeated occurs at every line of the first half,
  // 50,000 places that each overlap the next. Counting them all, each confirmed by comparing
  // 1.5 MB, froze the agent for 13 s; a refusal names MAX_LISTED_MATCHES, so no more are needed.
  const MEGABYTE = 1024 * 1024;
  const line = 'const value = compute(input);\n';
  const text = line.repeat(Math.ceil((3 * MEGABYTE) / line.length));
  const oldString = text.slice(0, 1.5 * MEGABYTE);

  it('refuses a 1.5 MB old_string that occurs thousands of times, reading each character a few times', () => {
    const { result, work } = measureWork(20 * text.length, () => find(text, oldString));
    expect(errorOf(result)).toContain(`more than ${MAX_LISTED_MATCHES} times`);
    expect(work).toBeLessThanOrEqual(20 * text.length);
  });

  it('replaces every place of a 1.5 MB old_string without overlapping, in the same work', () => {
    const { result, work } = measureWork(20 * text.length, () => find(text, oldString, true));
    // The second place starts at the first line after the first place ends.
    expect(result.ok && result.starts).toEqual([0, text.indexOf(oldString, oldString.length)]);
    expect(work).toBeLessThanOrEqual(20 * text.length);
  });
});

/**
 * The characters `run` makes the string methods look at, counted instead of timed: each
 * charCodeAt reads one; indexOf, lastIndexOf, includes and startsWith read at least what they
 * pass over and the match they confirm. Past `budget` it throws, so a quadratic count fails at
 * once rather than after seconds.
 */
function measureWork<T>(budget: number, run: () => T): { result: T; work: number } {
  const prototype = String.prototype;
  const originals = {
    charCodeAt: prototype.charCodeAt,
    indexOf: prototype.indexOf,
    lastIndexOf: prototype.lastIndexOf,
    includes: prototype.includes,
    startsWith: prototype.startsWith,
  };
  let work = 0;
  const charge = (amount: number) => {
    work += amount;
    if (work > budget) throw new Error(`more than ${budget} characters looked at`);
  };
  prototype.charCodeAt = function (this: string, index?: number) {
    charge(1);
    return originals.charCodeAt.call(this, index ?? 0);
  };
  prototype.indexOf = function (this: string, search: string, from = 0) {
    const found = originals.indexOf.call(this, search, from);
    charge((found === -1 ? this.length : found + String(search).length) - Math.max(from, 0));
    return found;
  };
  prototype.lastIndexOf = function (this: string, search: string, from = Infinity) {
    const found = originals.lastIndexOf.call(this, search, from);
    charge(found === -1 ? Math.min(from, this.length) : this.length - found);
    return found;
  };
  prototype.includes = function (this: string, search: string, from = 0) {
    const found = originals.indexOf.call(this, search, from);
    charge((found === -1 ? this.length : found + String(search).length) - Math.max(from, 0));
    return found !== -1;
  };
  prototype.startsWith = function (this: string, search: string, from = 0) {
    charge(String(search).length);
    return originals.startsWith.call(this, search, from);
  };
  try {
    return { result: run(), work };
  } finally {
    Object.assign(prototype, originals);
  }
}

describe('findExactlyOnce: nowhere, and what to send next', () => {
  const file = 'function add(a, b) {\n\treturn a - b;\n}\n';

  it("names read_file's line-number prefixes, and says the text matches without them", () => {
    const error = errorOf(find(file, '1: function add(a, b) {\n2: \treturn a - b;'));
    expect(error).toContain('not found');
    expect(error).toContain('"12: "');
    expect(error).toContain('without them it matches');
  });

  it('names the lines that match only if whitespace is ignored, and never takes them', () => {
    const found = find(file, 'function add(a, b) {\n    return a - b;');
    expect(found.ok).toBe(false);
    expect(errorOf(found)).toContain('lines 1-2 only if whitespace is ignored');
  });

  it('otherwise says to read the file again, without a word about line numbers', () => {
    const error = errorOf(find(file, 'return a * b;'));
    expect(error).toContain('Read the file again with read_file');
    expect(error).not.toContain('line numbers');
    // Code that starts with a number and a colon is not a copied prefix.
    expect(errorOf(find(file, "10: 'ten',\n  other: 1"))).not.toContain('line numbers');
  });
});
