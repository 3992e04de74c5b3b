import { describe, expect, it } from 'vitest';
import { searchText } from './search-text';

function search(text: string, source: string, maxLines = 10) {
  return searchText({ text, regex: new RegExp(source, 'gm'), maxLines });
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

  it('reports a match that starts at a line break on the line it starts in', () => {
    expect(search('\nx', '\\n')).toEqual([{ lineNumber: 1, line: '' }]);
    expect(search('a\nb\n', 'a\\nb')).toEqual([{ lineNumber: 1, line: 'a' }]);
  });

  it('counts lines correctly after empty matches', () => {
    expect(search('a\n\nb\n', '^$')).toEqual([{ lineNumber: 2, line: '' }]);
  });
});
