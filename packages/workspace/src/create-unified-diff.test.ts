import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnifiedDiff } from './create-unified-diff';
import { MAX_DIFF_LINE_CHARS, MAX_DIFF_LINES } from './limits';
import { applySplices } from './text-splice';
import type { TextSplice } from './text-splice';

/** What a diff is asked for: old text replaced by new, once or wherever it occurs. */
interface Replacement {
  text: string;
  oldString: string;
  newString: string;
  replaceAll?: boolean;
}

/** The splices of a replacement: the first place, or every place left to right with replaceAll. */
function splicesOf({ text, oldString, newString, replaceAll = false }: Replacement): TextSplice[] {
  const splices: TextSplice[] = [];
  for (
    let at = text.indexOf(oldString);
    at !== -1 && (replaceAll || splices.length === 0);
    at = oldString === '' ? -1 : text.indexOf(oldString, at + oldString.length)
  ) {
    splices.push({ start: at, end: at + oldString.length, text: newString });
  }
  return splices;
}

/** The diff of one replacement in a file called f.txt. */
function diffOf(replacement: Replacement): string {
  const splices = splicesOf(replacement);
  return createUnifiedDiff({ path: 'f.txt', text: replacement.text, splices }).text;
}

const numbered = (count: number) =>
  Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n') + '\n';

describe('createUnifiedDiff', () => {
  it('shows one changed line with three lines of context on each side', () => {
    expect(diffOf({ text: numbered(10), oldString: 'line 5\n', newString: 'line five\n' })).toBe(
      [
        '--- a/f.txt',
        '+++ b/f.txt',
        '@@ -2,7 +2,7 @@',
        ' line 2',
        ' line 3',
        ' line 4',
        '-line 5',
        '+line five',
        ' line 6',
        ' line 7',
        ' line 8',
      ].join('\n'),
    );
  });

  it('shows a change inside a line as the whole line, old then new', () => {
    const diff = diffOf({ text: 'a\nreturn a - b;\nc\n', oldString: '-', newString: '+' });
    expect(diff).toContain('@@ -1,3 +1,3 @@\n a\n-return a - b;\n+return a + b;\n c');
  });

  it('counts a deletion and an insertion in the hunk header', () => {
    expect(diffOf({ text: 'a\nb\nc\n', oldString: 'b\n', newString: '' })).toContain(
      '@@ -1,3 +1,2 @@\n a\n-b\n c',
    );
    expect(diffOf({ text: 'a\nc\n', oldString: 'a\n', newString: 'a\nb\n' })).toContain(
      '@@ -1,2 +1,3 @@\n a\n+b\n c',
    );
  });

  it('gives far-apart changes a hunk each, with the second numbered after the first', () => {
    const text = numbered(30).replace('line 5\n', 'x\n').replace('line 25\n', 'x\n');
    const diff = diffOf({ text, oldString: 'x\n', newString: 'y\nz\n', replaceAll: true });
    expect(diff.match(/^@@.*@@$/gm)).toEqual(['@@ -2,7 +2,8 @@', '@@ -22,7 +23,8 @@']);
  });

  it('shows an empty file filled as lines added after line 0, as diff -u does', () => {
    expect(diffOf({ text: '', oldString: '', newString: 'one\ntwo\n' })).toBe(
      ['--- a/f.txt', '+++ b/f.txt', '@@ -0,0 +1,2 @@', '+one', '+two'].join('\n'),
    );
  });

  it('shows lines without `\\r` and without the byte-order mark', () => {
    const diff = diffOf({
      text: '\uFEFFfirst\r\nsecond\r\n',
      oldString: 'first',
      newString: 'FIRST',
    });
    expect(diff).toBe(
      ['--- a/f.txt', '+++ b/f.txt', '@@ -1,2 +1,2 @@', '-first', '+FIRST', ' second'].join('\n'),
    );
  });

  it(`stops at ${MAX_DIFF_LINES} lines and says how many more were cut`, () => {
    const text = 'x\n\n\n\n\n\n\n\n'.repeat(100);
    const splices = splicesOf({ text, oldString: 'x', newString: 'y', replaceAll: true });
    const result = createUnifiedDiff({ path: 'f.txt', text, splices });
    const lines = result.text.split('\n');
    expect(lines).toHaveLength(MAX_DIFF_LINES + 1);
    expect(result.cutLines).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe(
      `[… ${result.cutLines} more diff lines cut; read the file to see the rest]`,
    );
  });

  it(`cuts a line longer than ${MAX_DIFF_LINE_CHARS} characters and says by how much`, () => {
    const long = 'm'.repeat(MAX_DIFF_LINE_CHARS + 50);
    const diff = diffOf({ text: `${long}\n`, oldString: long, newString: 'short' });
    expect(diff).toContain(`-${'m'.repeat(MAX_DIFF_LINE_CHARS - 1)} [… 51 more characters cut]`);
  });

  it('cuts a long line between characters, never between the two halves of an emoji', () => {
    // The cut falls after the first half of an emoji: the line is cut before the emoji instead.
    const long = `${'m'.repeat(MAX_DIFF_LINE_CHARS - 2)}😀${'m'.repeat(50)}`;
    const diff = diffOf({ text: `${long}\n`, oldString: long, newString: 'short' });
    expect(/\p{Cs}/u.test(diff)).toBe(false);
    expect(diff).toContain(`-${'m'.repeat(MAX_DIFF_LINE_CHARS - 2)} [… 52 more characters cut]`);
  });
});

describe('createUnifiedDiff (property): patch turns the old file into the new one', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'workspace-diff-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const line = fc.constantFrom('a', 'b', 'x', '', 'x x', 'ab');
  it('for random replacements in random files', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 25 }),
        fc.constantFrom('x', 'x\n', '\nx', 'a\nb', 'b\n\n'),
        fc.constantFrom('', 'y', 'y\ny', '\n', 'x'),
        fc.boolean(),
        async (fileLines, oldString, newString, finalNewline) => {
          const text = fileLines.join('\n') + (finalNewline ? '\n' : '');
          const splices = splicesOf({ text, oldString, newString, replaceAll: true });
          if (splices.length === 0 || oldString === newString) return;
          const diff = createUnifiedDiff({ path: 'f.txt', text, splices });
          fc.pre(diff.cutLines === 0);
          const file = path.join(folder, 'f.txt');
          await writeFile(file, text);
          await execa('patch', ['-p1', '--quiet', '--no-backup-if-mismatch'], {
            cwd: folder,
            input: `${diff.text}\n`,
          });
          expect(await readFile(file, 'utf8')).toBe(applySplices({ text, splices }));
        },
      ),
      { numRuns: 80 },
    );
    // Each run starts `patch`; a busy machine needs the room, and no figure depends on it.
  }, 120_000);
});
