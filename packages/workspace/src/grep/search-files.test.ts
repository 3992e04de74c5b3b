import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileGrepPattern } from './compile-grep-pattern';
import { createTestWorkspace } from '../testing/create-test-workspace';
import type { TestWorkspace } from '../testing/create-test-workspace';
import { GREP_MAX_BATCH_CHARS } from '../limits';
import { searchFiles } from './search-files';
import type { SearchFilesOptions } from './search-files';

let workspace: TestWorkspace | undefined;
afterEach(() => workspace?.cleanup());

// Searches that must finish get the real limits: a tight one could run out on a busy machine.
async function search(
  files: Record<string, string>,
  pattern: string,
  limits: Pick<SearchFilesOptions, 'fileTimeLimitMs' | 'searchTimeLimitMs'> = {},
) {
  workspace = await createTestWorkspace(files);
  const compiled = compileGrepPattern(pattern);
  if (!compiled.ok) throw new Error(compiled.error);
  return searchFiles({
    cwd: workspace.root,
    files: Object.keys(files).sort(),
    regex: compiled.regex,
    wholeTextDecides: compiled.wholeTextDecides,
    mayMatch: compiled.mayMatch,
    maxMatches: 10,
    signal: workspace.context.signal,
    ...limits,
  });
}

describe('searchFiles', () => {
  it('returns matches across files, in file order, up to maxMatches', async () => {
    const result = await search({ 'a.txt': 'hit\nmiss\nhit\n', 'b.txt': 'hit\n' }, 'hit');
    expect(result).toEqual({
      tooLarge: 0,
      unreadable: 0,
      slowFiles: [],
      matches: [
        { file: 'a.txt', lineNumber: 1, line: 'hit' },
        { file: 'a.txt', lineNumber: 3, line: 'hit' },
        { file: 'b.txt', lineNumber: 1, line: 'hit' },
      ],
    });
  });

  it('keeps file order and line numbers when the files span several batches', async () => {
    const filler = `${'x'.repeat(99)}\n`.repeat(Math.ceil(GREP_MAX_BATCH_CHARS / 300));
    const files = Object.fromEntries(
      Array.from({ length: 6 }, (_unused, index) => [`f${index}.txt`, `${filler}hit ${index}\n`]),
    );
    const result = await search(files, '^hit');
    const lineNumber = filler.split('\n').length;
    expect(result.matches).toEqual(
      Array.from({ length: 6 }, (_unused, index) => ({
        file: `f${index}.txt`,
        lineNumber,
        line: `hit ${index}`,
      })),
    );
  });

  it('skips and names a file slower than the per-file limit, and still searches the rest', async () => {
    // No fixed text to look for in 19 MB of capitals: about 0.2 s even with the engine warm,
    // several times the 0.03 s allowed, while a small file takes well under a millisecond. A file
    // that runs out of time in a batch is tried again alone, so a pause elsewhere cannot name it.
    const slow = `${'ABCDEFGHIJ'.repeat(10)}\n`.repeat(190_000);
    const result = await search(
      { 'a.txt': 'ABC1\n', 'b-slow.txt': slow, 'c.txt': 'XYZ9\n' },
      '[A-Z]{3}\\d',
      { fileTimeLimitMs: 30 },
    );
    expect(result.slowFiles).toEqual(['b-slow.txt']);
    expect(result.cutAfterFiles).toBeUndefined();
    expect(result.matches.map(({ file }) => file)).toEqual(['a.txt', 'c.txt']);
  }, 30_000);

  it('stops when the whole search runs out of time and says how far it got', async () => {
    const result = await search({ 'a.txt': 'hit\n', 'b.txt': 'hit\n' }, 'hit', {
      searchTimeLimitMs: 0,
    });
    expect(result).toMatchObject({ cutAfterFiles: 0, matches: [] });
  });

  it('counts a file it cannot open and goes on', async () => {
    workspace = await createTestWorkspace({ 'a.txt': 'hit\n', 'c.txt': 'hit\n' });
    const compiled = compileGrepPattern('hit');
    if (!compiled.ok) throw new Error(compiled.error);
    const result = await searchFiles({
      cwd: workspace.root,
      // b.txt vanished between the walk and the read.
      files: ['a.txt', 'b.txt', 'c.txt'],
      ...compiled,
      maxMatches: 10,
      signal: workspace.context.signal,
    });
    expect(result.unreadable).toBe(1);
    expect(result.matches.map(({ file }) => file)).toEqual(['a.txt', 'c.txt']);
  });

  it('does not open a file that became a symbolic link after the walk', async () => {
    workspace = await createTestWorkspace({ 'a.txt': 'hit\n' });
    await workspace.link({
      relativePath: 'b.txt',
      target: path.join(workspace.outside, 'canary.txt'),
    });
    const compiled = compileGrepPattern('CANARY');
    if (!compiled.ok) throw new Error(compiled.error);
    const result = await searchFiles({
      cwd: workspace.root,
      files: ['a.txt', 'b.txt'],
      ...compiled,
      maxMatches: 10,
      signal: workspace.context.signal,
    });
    expect(result).toMatchObject({ unreadable: 1, matches: [] });
  });
});
