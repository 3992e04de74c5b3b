import { describe, expect, it } from 'vitest';
import { GREP_FILE_TIME_LIMIT_MS, GREP_SEARCH_TIME_LIMIT_MS } from '../limits';
import { searchNotes } from './search-notes';

const NOTHING_PASSED_OVER = { matches: [], tooLarge: 0, unreadable: 0, slowFiles: [] };

describe('searchNotes', () => {
  it('adds nothing when the search passed nothing over', () => {
    expect(searchNotes({ search: NOTHING_PASSED_OVER, unreadable: 0, fileCount: 3 })).toEqual([]);
  });

  it('says a search was cut, how far it got and how to narrow it', () => {
    const search = { ...NOTHING_PASSED_OVER, cutAfterFiles: 1200 };
    expect(searchNotes({ search, unreadable: 0, fileCount: 58_000 })).toEqual([
      `[the search was cut after ${GREP_SEARCH_TIME_LIMIT_MS / 1000} s, having searched 1200 of 58000 files; narrow include to a folder or file type (e.g. "src/**/*.ts") or add distinctive text to the pattern, then search again]`,
    ]);
  });

  it('names slow files (five at most, quoted when odd) and counts unreadable entries once', () => {
    const search = {
      ...NOTHING_PASSED_OVER,
      slowFiles: ['a:b.min.js', 'b.js', 'c.js', 'd.js', 'e.js', 'f.js'],
    };
    expect(searchNotes({ search, unreadable: 2, fileCount: 10 })).toEqual([
      `[skipped 6 files that took over ${GREP_FILE_TIME_LIMIT_MS / 1000} s each: "a:b.min.js", b.js, c.js, d.js, e.js, …; add distinctive text to the pattern, or read such a file with read_file]`,
      '[2 entries could not be read and were skipped (no permission, vanished, or a name that is not UTF-8)]',
    ]);
  });
});
