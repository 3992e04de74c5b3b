import { describe, expect, it } from 'vitest';
import { compileGrepPattern } from './compile-grep-pattern';
import { searchText } from './search-text';

function search(text: string, pattern: string, maxLines = 10) {
  const compiled = compileGrepPattern(pattern);
  if (!compiled.ok) throw new Error(compiled.error);
  return searchText({ text, ...compiled, maxLines });
}

/** The same search, each line on its own: what the whole-text fast path must agree with. */
function searchEachLine(text: string, pattern: string) {
  const compiled = compileGrepPattern(pattern);
  if (!compiled.ok) throw new Error(compiled.error);
  const lines = text.replaceAll('\r\n', '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines
    .map((line, index) => ({ lineNumber: index + 1, line }))
    .filter(({ line }) => compiled.regex.test(line));
}

describe('searchText', () => {
  it('numbers lines from 1 and returns each matching line once', () => {
    expect(search('a\nbb b\nc\nb', 'b')).toEqual([
      { lineNumber: 2, line: 'bb b' },
      { lineNumber: 4, line: 'b' },
    ]);
  });

  it('stops at maxLines', () => {
    expect(search('x\nx\nx\n', 'x', 2)).toHaveLength(2);
  });

  it('does not invent a line after the final line break, or in an empty text', () => {
    expect(search('one\ntwo\n', '^')).toHaveLength(2);
    expect(search('', '^')).toEqual([]);
    expect(search('one\ntwo', '$')).toHaveLength(2);
  });

  it('never matches across a line break: \\s, [^x] and \\n stay within a line', () => {
    const text = 'function\n  helper() {}\nfunction named() {}\n';
    expect(search(text, '\\bfunction\\s+\\w+')).toEqual([
      { lineNumber: 3, line: 'function named() {}' },
    ]);
    expect(search('a\nb\n', 'a[^x]b')).toEqual([]);
    expect(search('a\nb\n', 'a\\nb')).toEqual([]);
    expect(search('\nx', '\\n')).toEqual([]);
  });

  it('reports a match at its own line even after a match that crossed lines', () => {
    const text = `${'a\n'.repeat(20)}a b\n`;
    expect(search(text, 'a\\s+b')).toEqual([{ lineNumber: 21, line: 'a b' }]);
  });

  it('ends a line at \\n with an optional \\r before it; a lone \\r and U+2028 are ordinary', () => {
    expect(search('one\r\n\r\ntwo\r\n', '^\\s*$')).toEqual([{ lineNumber: 2, line: '' }]);
    expect(search('first\r\nsecond\r\n', 'second$')).toEqual([{ lineNumber: 2, line: 'second' }]);
    expect(search('a\rb\n', '^b')).toEqual([]);
    expect(search('a\rb\n', 'a\rb')).toEqual([{ lineNumber: 1, line: 'a\rb' }]);
    expect(search('a\u2028b\n', '^b')).toEqual([]);
    expect(search('a\u2028b\n', 'a.b$')).toEqual([{ lineNumber: 1, line: 'a\u2028b' }]);
  });

  it('counts lines correctly after empty matches', () => {
    expect(search('a\n\nb\n', '^$')).toEqual([{ lineNumber: 2, line: '' }]);
  });

  it('reads \\p{L} as a letter in any script and . as one character, even outside the BMP', () => {
    expect(search('ärger\n42\n', '^\\p{L}+$')).toEqual([{ lineNumber: 1, line: 'ärger' }]);
    expect(search('x😀y\n', '^x.y$')).toEqual([{ lineNumber: 1, line: 'x😀y' }]);
  });

  it('reads \\A and \\z against each line, since the whole text would answer differently', () => {
    expect(search('one\ntwo\n', '\\Atwo')).toEqual([{ lineNumber: 2, line: 'two' }]);
    expect(search('one\ntwo\n', '(?-m)^two$')).toEqual([{ lineNumber: 2, line: 'two' }]);
  });

  it.each([
    ['\\bfunction\\s+\\w+'],
    ['^\\s*$'],
    ['[^a]+'],
    ['a.*z.*Q'],
    ['(?i)RETURN'],
    ['x\\s*\\n?\\s*y'],
    ['^$|b$'],
  ])('agrees with searching each line alone for %s', (pattern) => {
    const text = 'function\n\n  x\r\ny\nreturn a;\r\nb\n\nAbz Q\nfunction  go()\n  \t\nx y';
    expect(search(text, pattern, 100)).toEqual(searchEachLine(text, pattern));
  });
});
