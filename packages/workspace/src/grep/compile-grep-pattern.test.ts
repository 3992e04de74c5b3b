import { describe, expect, it } from 'vitest';
import { compileGrepPattern } from './compile-grep-pattern';
import { MAX_GREP_PATTERN_CHARS } from '../limits';

function compiled(pattern: string) {
  const result = compileGrepPattern(pattern);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('compileGrepPattern', () => {
  it('refuses an expression longer than the limit without repeating it', () => {
    expect(compileGrepPattern('a'.repeat(MAX_GREP_PATTERN_CHARS + 1))).toEqual({
      ok: false,
      error: `the expression is ${MAX_GREP_PATTERN_CHARS + 1} characters long, more than ${MAX_GREP_PATTERN_CHARS}; search for a shorter, distinctive part of the text`,
    });
  });

  it.each(['(?=a)', '(a)\\1', '(?<=a)b'])(
    'refuses %s, which RE2 does not read, naming the dialect',
    (pattern) => {
      const result = compileGrepPattern(pattern);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error).toMatch(/grep reads RE2 syntax as ripgrep does/);
    },
  );

  it.each([
    ['colou?r', 'the color red', true],
    ['(?i)DEPRECATED', 'a Deprecated call', true],
    ['(?i)ärger', 'ÄRGER', true],
    ['export function \\w+', 'export function run', true],
    ['export function \\w+', 'export const run', false],
    ['abc|xyz', 'only xyz', true],
    ['^abc', 'x\nabc', true],
    ['ab+c', 'abbbc', true],
    ['ab*c', 'ac', true],
    ['ab{0,2}c', 'ac', true],
  ])('the quick test for %s on %j says %s', (pattern, text, expected) => {
    const { mayMatch, regex } = compiled(pattern);
    expect(mayMatch(text)).toBe(expected);
    // It may only rule out texts the expression itself rules out.
    if (!expected) expect(regex.test(text)).toBe(false);
    else expect(regex.test(text)).toBe(true);
  });
});
