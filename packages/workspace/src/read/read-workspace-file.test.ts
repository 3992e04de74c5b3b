import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CANARY, createTestWorkspace } from '../testing/create-test-workspace';
import type { TestWorkspace } from '../testing/create-test-workspace';
import { fingerprintBytes } from '../file-fingerprint';
import {
  BINARY_SNIFF_BYTES,
  DEFAULT_READ_LINES,
  MAX_COUNTED_BYTES,
  MAX_LINE_CHARS,
  MAX_READ_LINES,
  MAX_READ_SCAN_BYTES,
} from '../limits';
import { runAsTool } from '../testing/call-engine';
import type { EngineContext } from '../testing/call-engine';
import { readWorkspaceFile } from './read-workspace-file';
import type { ReadWorkspaceFileOptions } from './read-workspace-file';

/** What the engine answers, in the shape the tool hands the model. */
const runReadFile = (
  args: Omit<ReadWorkspaceFileOptions, 'cwd' | 'signal'>,
  context: EngineContext,
) => runAsTool(readWorkspaceFile, args, context);

let workspace: TestWorkspace | undefined;
afterEach(() => workspace?.cleanup());

async function readIn(
  files: Record<string, string | Uint8Array>,
  args: Omit<ReadWorkspaceFileOptions, 'cwd' | 'signal'>,
) {
  workspace = await createTestWorkspace(files);
  return runReadFile(args, workspace.context);
}

function numberedText(count: number): string {
  return Array.from({ length: count }, (_unused, index) => `line ${index + 1}`).join('\n') + '\n';
}

describe('readWorkspaceFile', () => {
  it('shows a header and every line numbered', async () => {
    const result = await readIn(
      { 'src/a.js': 'const a = 1;\n\nexport { a };\n' },
      { path: 'src/a.js' },
    );
    expect(result).toEqual({
      ok: true,
      content: 'src/a.js (lines 1-3 of 3)\n1: const a = 1;\n2: \n3: export { a };',
    });
  });

  it(`returns ${DEFAULT_READ_LINES} lines by default and says how to read on`, async () => {
    const result = await readIn({ 'big.txt': numberedText(1000) }, { path: 'big.txt' });
    const lines = result.content.split('\n');
    expect(lines[0]).toBe(`big.txt (lines 1-${DEFAULT_READ_LINES} of 1000)`);
    expect(lines).toHaveLength(DEFAULT_READ_LINES + 2);
    expect(lines[DEFAULT_READ_LINES]).toBe(`${DEFAULT_READ_LINES}: line ${DEFAULT_READ_LINES}`);
    expect(lines.at(-1)).toBe(`[600 more lines; continue with offset ${DEFAULT_READ_LINES + 1}]`);
  });

  it('reads from an offset for a limit, and to the end when the rest is shorter', async () => {
    const files = { 'f.txt': numberedText(10) };
    expect((await readIn(files, { path: 'f.txt', offset: 4, limit: 2 })).content).toBe(
      'f.txt (lines 4-5 of 10)\n4: line 4\n5: line 5\n[5 more lines; continue with offset 6]',
    );
    await workspace?.cleanup();
    expect((await readIn(files, { path: 'f.txt', offset: 9, limit: 5 })).content).toBe(
      'f.txt (lines 9-10 of 10)\n9: line 9\n10: line 10',
    );
  });

  it('says how many lines the file has when the offset is past the end', async () => {
    const result = await readIn({ 'f.txt': numberedText(13) }, { path: 'f.txt', offset: 14 });
    expect(result).toEqual({
      ok: false,
      content: 'f.txt has 13 lines, so offset 14 is past the end; use an offset from 1 to 13',
    });
  });

  it(`cuts a line over ${MAX_LINE_CHARS} characters and says how many were cut`, async () => {
    const long = 'x'.repeat(MAX_LINE_CHARS + 250);
    const result = await readIn({ 'min.js': `${long}\nok\n` }, { path: 'min.js' });
    expect(result.content).toBe(
      `min.js (lines 1-2 of 2)\n1: ${'x'.repeat(MAX_LINE_CHARS)} [… 250 more characters cut]\n2: ok`,
    );
  });

  it('strips CRLF line breaks and a byte order mark', async () => {
    const result = await readIn({ 'win.txt': '\uFEFFfirst\r\nsecond\r\n' }, { path: 'win.txt' });
    expect(result.content).toBe('win.txt (lines 1-2 of 2)\n1: first\n2: second');
  });

  it('writes out control characters, past the binary sniff too, and says how many', async () => {
    // A NUL past the first BINARY_SNIFF_BYTES does not make the file binary; it still reaches the model.
    const text = `${'x\n'.repeat(BINARY_SNIFF_BYTES)}one \u001b[31mred\u001b[0m\ncr\rbar\u0007 \\x1b\nnul\u0000\n`;
    const result = await readIn(
      { 'colors.txt': text },
      { path: 'colors.txt', offset: BINARY_SNIFF_BYTES + 1 },
    );
    // eslint-disable-next-line no-control-regex
    expect(result.content).not.toMatch(/[\u0000\u0007\u001b\r]/);
    expect(result.content).toContain(`${BINARY_SNIFF_BYTES + 1}: one \\x1b[31mred\\x1b[0m`);
    expect(result.content).toContain('cr\\rbar\\x07 \\x1b');
    expect(result.content).toContain('nul\\x00');
    expect(result.content.split('\n').at(-1)).toMatch(/^\[5 control characters .*written out/);
  });

  it('writes out control characters in a file name it quotes', async () => {
    const result = await readIn({ 'n\u001b[2Jame.txt': 'hello\n' }, { path: 'n\u001b[2Jame.txt' });
    expect(result.content).not.toContain('\u001b');
    expect(result.content.split('\n')[0]).toBe('n\\x1b[2Jame.txt (lines 1-1 of 1)');
  });

  it('says an empty file is empty', async () => {
    expect(await readIn({ 'empty.txt': '' }, { path: 'empty.txt' })).toEqual({
      ok: true,
      content: 'empty.txt is empty (0 lines)',
    });
  });

  it('names a binary file and its size instead of showing its bytes', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x41, 0x42]);
    expect(await readIn({ 'assets/logo.png': bytes }, { path: 'assets/logo.png' })).toEqual({
      ok: true,
      content: 'assets/logo.png is a binary file (8 bytes); read_file shows text files only',
    });
  });

  it('tells the model to use glob for a missing file or a directory', async () => {
    expect(await readIn({ 'src/a.js': '' }, { path: 'src/calc.ts' })).toEqual({
      ok: false,
      content: 'no file at src/calc.ts; use glob to find it, e.g. {"pattern": "**/calc.ts"}',
    });
    expect(await runReadFile({ path: 'src' }, workspace!.context)).toEqual({
      ok: false,
      content: 'src is a directory, not a file; use glob to list it, e.g. {"pattern": "src/*"}',
    });
    expect((await runReadFile({ path: '.' }, workspace!.context)).content).toContain(
      '{"pattern": "*"}',
    );
  });

  it('names a socket or a named pipe as not a regular file, without waiting on it', async () => {
    workspace = await createTestWorkspace({ 'src/a.js': '' });
    execFileSync('mkfifo', [path.join(workspace.root, 'pipe')]);
    const server = createServer().listen(path.join(workspace.root, 'socket'));
    await once(server, 'listening');
    try {
      for (const name of ['pipe', 'socket']) {
        expect(await runReadFile({ path: name }, workspace.context)).toEqual({
          ok: false,
          content: `${name} is not a regular file (a device, socket or named pipe); read_file reads text files only`,
        });
      }
    } finally {
      server.close();
    }
  });

  it('refuses paths outside the working directory; the canary never shows', async () => {
    workspace = await createTestWorkspace({ 'a.txt': 'inside\n' });
    await workspace.link({
      relativePath: 'notes.txt',
      target: path.join(workspace.outside, 'canary.txt'),
    });
    await workspace.link({ relativePath: 'vendor', target: workspace.outside });
    for (const requested of [
      '../outside/canary.txt',
      'src/../../outside/canary.txt',
      '../repo-other/canary.txt',
      path.join(workspace.outside, 'canary.txt'),
      path.join(workspace.prefixSibling, 'canary.txt'),
      'notes.txt',
      'vendor/canary.txt',
    ]) {
      const result = await runReadFile({ path: requested }, workspace.context);
      expect(result.ok, requested).toBe(false);
      expect(result.content).toContain('outside the working directory');
      expect(result.content).not.toContain(CANARY);
    }
  });

  it('counts every line of a file just under the counting limit', async () => {
    workspace = await createTestWorkspace();
    const lineText = (index: number) => `${String(index).padStart(8, '0')} ${'data '.repeat(18)}`;
    const totalLines = Math.floor(MAX_COUNTED_BYTES / 100) - 10; // 100 bytes a line
    const text = Array.from({ length: totalLines }, (_unused, index) => `${lineText(index + 1)}\n`);
    await writeFile(path.join(workspace.root, 'long.log'), text.join(''));

    const result = await runReadFile({ path: 'long.log' }, workspace.context);
    const lines = result.content.split('\n');
    expect(lines[0]).toBe(`long.log (lines 1-${DEFAULT_READ_LINES} of ${totalLines})`);
    expect(lines[1]).toBe(`1: ${lineText(1)}`);
    expect(lines[DEFAULT_READ_LINES]).toBe(
      `${DEFAULT_READ_LINES}: ${lineText(DEFAULT_READ_LINES)}`,
    );
    expect(lines.at(-1)).toBe(
      `[${totalLines - DEFAULT_READ_LINES} more lines; continue with offset ${DEFAULT_READ_LINES + 1}]`,
    );
  });

  it('reads the first lines of a 50 MB file without reading it all', async () => {
    workspace = await createTestWorkspace();
    const lineText = (index: number) => `${String(index).padStart(8, '0')} ${'data '.repeat(18)}`;
    const totalLines = 500_000; // 100 bytes a line: 50 MB
    const output = createWriteStream(path.join(workspace.root, 'huge.log'));
    const batch = 10_000;
    for (let start = 1; start <= totalLines; start += batch) {
      const block = Array.from(
        { length: batch },
        (_unused, index) => `${lineText(start + index)}\n`,
      );
      if (!output.write(block.join(''))) await once(output, 'drain');
    }
    output.end();
    await once(output, 'finish');

    const result = await runReadFile(
      { path: 'huge.log', offset: 1001, limit: 2 },
      workspace.context,
    );
    expect(result.content.split('\n')).toEqual([
      'huge.log (lines 1001-1002 of a 48 MB file, too large to count its lines)',
      `1001: ${lineText(1001)}`,
      `1002: ${lineText(1002)}`,
      '[more lines follow; continue with offset 1003]',
    ]);
  });
});

describe('readWorkspaceFile on a file too large to count', () => {
  it('shows the first lines and says the total was not counted', async () => {
    workspace = await createTestWorkspace();
    const filePath = path.join(workspace.root, 'big.log');
    // Real lines at the start, then a sparse tail: 96 MB on paper, next to nothing on disk.
    await writeFile(
      filePath,
      Array.from({ length: 1000 }, (_, index) => `entry ${index + 1}\n`).join(''),
    );
    await truncate(filePath, 96 * 1024 * 1024);

    const result = await runReadFile({ path: 'big.log' }, workspace.context);
    const lines = result.content.split('\n');
    expect(lines[0]).toBe(
      `big.log (lines 1-${DEFAULT_READ_LINES} of a 96 MB file, too large to count its lines)`,
    );
    expect(lines[DEFAULT_READ_LINES]).toBe(`${DEFAULT_READ_LINES}: entry ${DEFAULT_READ_LINES}`);
    expect(lines.at(-1)).toBe(
      `[more lines follow; continue with offset ${DEFAULT_READ_LINES + 1}]`,
    );
  });
});

describe('readWorkspaceFile when cancelled', () => {
  it('stops with an abort error for the registry to report (a cancel is not an answer)', async () => {
    workspace = await createTestWorkspace({ 'a.txt': 'a\n' });
    const controller = new AbortController();
    controller.abort();
    const context = { cwd: workspace.root, signal: controller.signal };
    await expect(runReadFile({ path: 'a.txt' }, context)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('readWorkspaceFile past what one call reads', () => {
  const MEGABYTE = 1024 * 1024;
  const LINE = `${'x'.repeat(99)}\n`;
  const linesInLimit = MAX_READ_SCAN_BYTES / LINE.length;

  it('refuses an offset out of reach and says which offsets work', async () => {
    const lineCount = Math.ceil(linesInLimit) + 10_000;
    const result = await readIn(
      { 'big.log': LINE.repeat(lineCount) },
      { path: 'big.log', offset: lineCount - 5 },
    );
    const reachable = Math.floor((MAX_READ_SCAN_BYTES + 1) / LINE.length);
    expect(result).toEqual({
      ok: false,
      content: `line ${lineCount - 5} of big.log (a 21 MB file) is out of reach: it lies past the first ${MAX_READ_SCAN_BYTES / MEGABYTE} MB, which is all read_file reads of a file; they hold lines 1-${reachable}, so use an offset from 1 to ${reachable}`,
    });
  });

  it('cuts one line longer than the limit and says it goes on', async () => {
    const result = await readIn(
      { 'one-line.min.js': 'y'.repeat(MAX_READ_SCAN_BYTES + MEGABYTE) },
      { path: 'one-line.min.js' },
    );
    const cut = MAX_READ_SCAN_BYTES + 1 - MAX_LINE_CHARS;
    expect(result.content.split('\n')).toEqual([
      'one-line.min.js (lines 1-1 of a 21 MB file, too large to count its lines)',
      `1: ${'y'.repeat(MAX_LINE_CHARS)} [… at least ${cut} more characters cut; the line goes on past the first 20 MB, which is all read_file reads of a file]`,
      '[lines after 1 lie past the first 20 MB, which is all read_file reads of a file]',
    ]);
  });
});

describe('readWorkspaceFile for an edit to check later', () => {
  it('fingerprints what it showed when asked, under the path relative to the root', async () => {
    workspace = await createTestWorkspace({ 'src/a.js': 'one\ntwo\n' });
    const answer = await readWorkspaceFile({
      cwd: workspace.root,
      path: './src/../src/a.js',
      fingerprint: true,
    });
    expect(answer).toEqual({
      ok: true,
      text: 'src/a.js (lines 1-2 of 2)\n1: one\n2: two',
      read: { path: 'src/a.js', fingerprint: fingerprintBytes(Buffer.from('one\ntwo\n')) },
    });
  });

  it('says nothing of what it read unless asked', async () => {
    workspace = await createTestWorkspace({ 'a.js': 'one\n' });
    const answer = await readWorkspaceFile({ cwd: workspace.root, path: 'a.js' });
    expect(answer).toEqual({ ok: true, text: 'a.js (lines 1-1 of 1)\n1: one' });
  });
});
