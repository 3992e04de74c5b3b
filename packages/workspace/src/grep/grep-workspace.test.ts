import { truncate } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CANARY, createTestWorkspace } from '../testing/create-test-workspace';
import type { TestWorkspace } from '../testing/create-test-workspace';
import {
  BINARY_SNIFF_BYTES,
  DEFAULT_GREP_LIMIT,
  MAX_GREP_FILE_BYTES,
  MAX_GREP_LIMIT,
  MAX_GREP_LINE_CHARS,
} from '../limits';
import { runAsTool } from '../testing/call-engine';
import type { EngineContext } from '../testing/call-engine';
import { grepWorkspace } from './grep-workspace';
import type { GrepWorkspaceOptions } from './grep-workspace';

/** What the engine answers, in the shape the tool hands the model. */
const runGrep = (args: Omit<GrepWorkspaceOptions, 'cwd' | 'signal'>, context: EngineContext) =>
  runAsTool(grepWorkspace, args, context);

let workspace: TestWorkspace | undefined;
afterEach(() => workspace?.cleanup());

async function grepIn(
  files: Record<string, string | Uint8Array>,
  args: Omit<GrepWorkspaceOptions, 'cwd' | 'signal'>,
) {
  workspace = await createTestWorkspace(files);
  return runGrep(args, workspace.context);
}

function numberedLines(count: number): string {
  return Array.from({ length: count }, (_unused, index) => `match ${index + 1}`).join('\n');
}

const withheldNote = (limit: number) =>
  `[showing the first ${limit} matching lines; more exist (the search stopped at the limit, so their number is unknown). Narrow the pattern or include, or raise limit, at most ${MAX_GREP_LIMIT}]`;

describe('grepWorkspace', () => {
  it('prints path:line:content, files in path order and lines in file order', async () => {
    const result = await grepIn(
      {
        'src/b.js': 'const total = sum(1, 2);\n// sum again\n',
        'src/a.js': 'export function sum(a, b) {\n  return a + b;\n}\n',
        'README.md': 'Call sum to add.\n',
      },
      { pattern: 'sum' },
    );
    expect(result).toEqual({
      ok: true,
      content: [
        'README.md:1:Call sum to add.',
        'src/a.js:1:export function sum(a, b) {',
        'src/b.js:1:const total = sum(1, 2);',
        'src/b.js:2:// sum again',
      ].join('\n'),
    });
  });

  it('counts a line with several matches once, and anchors ^ and $ to lines', async () => {
    const text = 'sum sum sum\nno\n  sum\nsum\n';
    expect((await grepIn({ 'a.txt': text }, { pattern: 'sum' })).content).toBe(
      'a.txt:1:sum sum sum\na.txt:3:  sum\na.txt:4:sum',
    );
    await workspace?.cleanup();
    expect((await grepIn({ 'a.txt': text }, { pattern: '^sum$' })).content).toBe('a.txt:4:sum');
  });

  it('strips a CRLF line break and a byte order mark from what it shows', async () => {
    const result = await grepIn(
      { 'win.txt': '\uFEFFfirst hit\r\nsecond hit\r\n' },
      { pattern: 'hit' },
    );
    expect(result.content).toBe('win.txt:1:first hit\nwin.txt:2:second hit');
  });

  it(`returns ${DEFAULT_GREP_LIMIT} matching lines by default, then says more were withheld`, async () => {
    const result = await grepIn({ 'many.txt': numberedLines(80) }, { pattern: 'match' });
    const lines = result.content.split('\n');
    expect(lines).toHaveLength(DEFAULT_GREP_LIMIT + 1);
    expect(lines[DEFAULT_GREP_LIMIT - 1]).toBe(
      `many.txt:${DEFAULT_GREP_LIMIT}:match ${DEFAULT_GREP_LIMIT}`,
    );
    expect(lines.at(-1)).toBe(withheldNote(DEFAULT_GREP_LIMIT));
  });

  it('applies a smaller limit across files and stops there', async () => {
    const result = await grepIn(
      { 'a.txt': 'hit\nhit\n', 'b.txt': 'hit\n', 'c.txt': 'hit\n' },
      { pattern: 'hit', limit: 2 },
    );
    expect(result.content).toBe(`a.txt:1:hit\na.txt:2:hit\n${withheldNote(2)}`);
  });

  it('adds no note when the matches exactly fill the limit', async () => {
    const result = await grepIn(
      { 'a.txt': 'hit\nhit\n', 'b.txt': 'hit\n' },
      { pattern: 'hit', limit: 3 },
    );
    expect(result.content).toBe('a.txt:1:hit\na.txt:2:hit\nb.txt:1:hit');
  });

  it(`cuts a matching line to ${MAX_GREP_LINE_CHARS} characters and marks the cut`, async () => {
    const longLine = `needle ${'x'.repeat(300)}`;
    const result = await grepIn({ 'min.js': `${longLine}\n` }, { pattern: 'needle' });
    expect(result.content).toBe(`min.js:1:${longLine.slice(0, MAX_GREP_LINE_CHARS)}…`);
  });

  it('feeds an invalid expression back with the engine message', async () => {
    const result = await grepIn({ 'a.txt': 'x' }, { pattern: 'divide(' });
    expect(result.ok).toBe(false);
    expect(result.content).toBe(
      'invalid regular expression: missing closing ): `divide(`. Fix the pattern: grep reads RE2 syntax as ripgrep does (no lookaround, no backreferences); to match ( ) [ ] { } . * + ? | literally, put a backslash before it.',
    );
  });

  it('writes out control characters in the lines it shows, and says how many', async () => {
    const result = await grepIn(
      { 'log.txt': `${'x\n'.repeat(BINARY_SNIFF_BYTES)}a \u001b[31mred\u0000 b\n` },
      { pattern: 'red' },
    );
    expect(result.content.split('\n')).toEqual([
      `log.txt:${BINARY_SNIFF_BYTES + 1}:a \\x1b[31mred\\x00 b`,
      expect.stringMatching(/^\[2 control characters .*written out/),
    ]);
  });

  it('skips binary files', async () => {
    const result = await grepIn(
      { 'logo.png': Buffer.from('\x89PNG\0\0needle', 'latin1'), 'a.txt': 'needle\n' },
      { pattern: 'needle' },
    );
    expect(result.content).toBe('a.txt:1:needle');
  });

  it('skips node_modules, .git and dist at any depth', async () => {
    const result = await grepIn(
      {
        'src/a.js': 'needle\n',
        'node_modules/x/index.js': 'needle\n',
        'packages/app/node_modules/y/index.js': 'needle\n',
        '.git/config': 'needle\n',
        'dist/a.js': 'needle\n',
        'packages/app/dist/a.js': 'needle\n',
      },
      { pattern: 'needle' },
    );
    expect(result.content).toBe('src/a.js:1:needle');
  });

  it(`skips files over ${MAX_GREP_FILE_BYTES / 1024 / 1024} MB and says so`, async () => {
    workspace = await createTestWorkspace({ 'a.txt': 'needle\n', 'huge.log': 'needle\n' });
    // A sparse file: the size is real, the disk blocks are not.
    await truncate(path.join(workspace.root, 'huge.log'), MAX_GREP_FILE_BYTES + 1);
    const result = await runGrep({ pattern: 'needle' }, workspace.context);
    expect(result.content).toBe(
      'a.txt:1:needle\n[skipped 1 file over 20 MB; page through a large file with read_file and an offset]',
    );
  });

  it('narrows the files with include: a bare name pattern at any depth, or a path pattern', async () => {
    const files = {
      'a.ts': 'hit\n',
      'src/b.ts': 'hit\n',
      'src/c.md': 'hit\n',
      'docs/d.md': 'hit\n',
    };
    expect((await grepIn(files, { pattern: 'hit', include: '*.ts' })).content).toBe(
      'a.ts:1:hit\nsrc/b.ts:1:hit',
    );
    await workspace?.cleanup();
    expect((await grepIn(files, { pattern: 'hit', include: 'src/**/*.md' })).content).toBe(
      'src/c.md:1:hit',
    );
  });

  it('says when nothing matches and suggests widening', async () => {
    expect((await grepIn({ 'a.txt': 'x\n', 'b.txt': 'y\n' }, { pattern: 'needle' })).content).toBe(
      'no matches for /needle/ in 2 files; widen the pattern (fewer characters, or alternatives such as add|sum).',
    );
    await workspace?.cleanup();
    expect(
      (await grepIn({ 'a.txt': 'x\n' }, { pattern: 'needle', include: '*.txt' })).content,
    ).toBe(
      'no matches for /needle/ in 1 file matching *.txt; widen the pattern (fewer characters, or alternatives such as add|sum) or drop include.',
    );
  });

  it('refuses an include that leaves the working directory; the canary never shows', async () => {
    workspace = await createTestWorkspace({ 'a.txt': 'x\n' });
    await workspace.link({ relativePath: 'vendor', target: workspace.outside });
    await workspace.link({
      relativePath: 'secret.txt',
      target: path.join(workspace.outside, 'canary.txt'),
    });
    for (const include of ['../**', '../outside/*', 'vendor/*', '/**/*.txt']) {
      const result = await runGrep({ pattern: 'CANARY', include }, workspace.context);
      expect(result.ok, include).toBe(false);
      expect(result.content).not.toContain(CANARY);
    }
    const everywhere = await runGrep({ pattern: 'CANARY' }, workspace.context);
    expect(everywhere.content).toBe(
      'no matches for /CANARY/ in 1 file; widen the pattern (fewer characters, or alternatives such as add|sum).',
    );
  });
});

describe('grepWorkspace reads each line on its own', () => {
  it('reports a match at its own line; \\s never reaches into the next line', async () => {
    const result = await grepIn(
      { 'a.js': 'function\n  helper() {}\nexport function named() {}\n' },
      { pattern: '\\bfunction\\s+\\w+' },
    );
    expect(result.content).toBe('a.js:3:export function named() {}');
  });

  it('does not take a CRLF line for empty, and keeps a lone \\r or U+2028 inside the line', async () => {
    const files = { 'crlf.txt': 'one\r\n\r\ntwo\r\n', 'odd.txt': 'a\rb\nc\u2028d\n' };
    expect((await grepIn(files, { pattern: '^\\s*$' })).content).toBe('crlf.txt:2:');
    await workspace?.cleanup();
    expect((await grepIn(files, { pattern: '^[bd]' })).content).toMatch(/^no matches/);
  });

  it('reads \\p{L} as any letter, not as the text "p{L}"', async () => {
    const files = { 'a.txt': 'p{L}\nÄrger\n' };
    expect((await grepIn(files, { pattern: '^\\p{L}+$' })).content).toBe('a.txt:2:Ärger');
  });

  it('finds .*return.*;$ on a 200,000-character line at once', async () => {
    const line = `${'x'.repeat(200_000)} returnz;`;
    const result = await grepIn({ 'min.js': `${line}\n` }, { pattern: '.*return.*;$' });
    expect(result.content).toBe(`min.js:1:${line.slice(0, MAX_GREP_LINE_CHARS)}…`);
  });
});

describe('grepWorkspace names files unambiguously', () => {
  it('quotes a name holding ":" or a line break, and skips only folders named like dist', async () => {
    const result = await grepIn(
      {
        'a:b.txt': 'hit\n',
        'new\nline.txt': 'hit\n',
        dist: 'hit\n',
        '.git': 'hit\n',
        'x/dist/y.txt': 'hit\n',
      },
      { pattern: 'hit' },
    );
    expect(result.content).toBe('.git:1:hit\n"a:b.txt":1:hit\ndist:1:hit\n"new\\nline.txt":1:hit');
  });
});

describe('grepWorkspace when cancelled', () => {
  it('stops with an abort error for the registry to report (a cancel is not an answer)', async () => {
    workspace = await createTestWorkspace({ 'a.txt': 'needle\n' });
    const controller = new AbortController();
    controller.abort();
    const context = { cwd: workspace.root, signal: controller.signal };
    await expect(runGrep({ pattern: 'needle' }, context)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('stops the walk at its entry limit and says files beyond were not searched', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 30 }, (_unused, index) => [
        `src/f${String(index).padStart(2, '0')}.ts`,
        'needle\n',
      ]),
    );
    const cut = await grepIn(files, { pattern: 'needle', maxEntries: 10 });
    expect(cut.content).toContain('[the walk stopped after 10 entries, the most one call passes');
    expect(
      cut.content.split('\n').filter((line) => line.includes(':1:needle')).length,
    ).toBeLessThan(10);
    const whole = await grepIn(files, { pattern: 'needle', maxEntries: 100 });
    expect(whole.content).not.toContain('the walk stopped');
    expect(whole.content).toContain('src/f29.ts:1:needle');
  });
});
