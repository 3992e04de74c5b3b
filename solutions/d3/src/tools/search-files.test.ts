import { afterEach, describe, expect, it } from 'vitest';
import { createTestWorkspace } from '../create-test-workspace';
import type { TestWorkspace } from '../create-test-workspace';
import { GREP_FIRST_BATCH_CHARS, GREP_TIME_LIMIT_MS } from '../limits';
import { searchFiles } from './search-files';

let workspace: TestWorkspace | undefined;
afterEach(() => workspace?.cleanup());

/** A line on which (a+)+$ tries every way to split the a's before failing at the b. */
const BACKTRACKING_LINE = `${'a'.repeat(40)}b`;

// Searches that must finish get the real limit: a tight one could run out on a busy machine.
async function search(
  files: Record<string, string>,
  source: string,
  timeLimitMs = GREP_TIME_LIMIT_MS,
) {
  workspace = await createTestWorkspace(files);
  return searchFiles({
    cwd: workspace.root,
    files: Object.keys(files).sort(),
    regex: new RegExp(source, 'gm'),
    maxMatches: 10,
    signal: workspace.context.signal,
    timeLimitMs,
  });
}

describe('searchFiles', () => {
  it('returns matches across files, in file order, up to maxMatches', async () => {
    const result = await search({ 'a.txt': 'hit\nmiss\nhit\n', 'b.txt': 'hit\n' }, 'hit');
    expect(result).toEqual({
      ok: true,
      tooLarge: 0,
      matches: [
        { file: 'a.txt', lineNumber: 1, line: 'hit' },
        { file: 'a.txt', lineNumber: 3, line: 'hit' },
        { file: 'b.txt', lineNumber: 1, line: 'hit' },
      ],
    });
  });

  it('keeps file order and line numbers when the files span several batches', async () => {
    const filler = `${'x'.repeat(99)}\n`.repeat(Math.ceil(GREP_FIRST_BATCH_CHARS / 100));
    const files = Object.fromEntries(
      Array.from({ length: 6 }, (_unused, index) => [`f${index}.txt`, `${filler}hit ${index}\n`]),
    );
    const result = await search(files, '^hit');
    const lineNumber = filler.split('\n').length;
    expect(result.ok && result.matches).toEqual(
      Array.from({ length: 6 }, (_unused, index) => ({
        file: `f${index}.txt`,
        lineNumber,
        line: `hit ${index}`,
      })),
    );
  });

  it('stops an expression that backtracks catastrophically and names the file it was in', async () => {
    const result = await search(
      { 'a.txt': 'aaa\n', 'b.txt': `${BACKTRACKING_LINE}\n`.repeat(50) },
      '(a+)+$',
      // This search never finishes in time, so a short limit keeps the test quick.
      100,
    );
    expect(result).toEqual({ ok: false, slowFile: 'b.txt' });
  });

  it('passes an engine error through for the registry to report', async () => {
    await expect(search({ 'a.txt': 'x\n' }, 'x'.repeat(1 << 20))).rejects.toThrow(
      /Regular expression too large/,
    );
  });
});
