import { execa } from 'execa';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fingerprintBytes } from './file-fingerprint';
import { fingerprintFile } from './fingerprint-file';
import { readBoundedFile } from './read-bounded-file';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'workspace-fingerprint-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('fingerprintFile and readBoundedFile', () => {
  it('agree with fingerprintBytes on the same content', async () => {
    const filePath = path.join(folder, 'a.txt');
    const content = Buffer.from('héllo\r\nwörld\n'.repeat(10_000));
    await writeFile(filePath, content);
    const streamed = await fingerprintFile({ filePath });
    expect(streamed).toEqual({ ok: true, fingerprint: fingerprintBytes(content) });
    const read = await readBoundedFile({ filePath, maxBytes: content.length });
    expect(read.ok && read.bytes.equals(content)).toBe(true);
  });

  it('tell contents of the same size apart', async () => {
    expect(fingerprintBytes(Buffer.from('value = 1'))).not.toEqual(
      fingerprintBytes(Buffer.from('value = 2')),
    );
    expect(fingerprintBytes([Buffer.from('ab'), Buffer.from('c')])).toEqual(
      fingerprintBytes(Buffer.from('abc')),
    );
  });

  it('refuse a file over the limit with its size, a folder, and a missing path', async () => {
    const filePath = path.join(folder, 'big.bin');
    await writeFile(filePath, Buffer.alloc(101));
    expect(await fingerprintFile({ filePath, maxBytes: 100 })).toEqual({
      ok: false,
      reason: 'too_large',
      bytes: 101,
    });
    expect(await readBoundedFile({ filePath, maxBytes: 100 })).toEqual({
      ok: false,
      reason: 'too_large',
      bytes: 101,
    });
    await mkdir(path.join(folder, 'sub'));
    expect(await fingerprintFile({ filePath: path.join(folder, 'sub') })).toEqual({
      ok: false,
      reason: 'folder',
    });
    expect(await fingerprintFile({ filePath: path.join(folder, 'none') })).toEqual({
      ok: false,
      reason: 'missing',
    });
  });

  it('refuse a named pipe at once instead of waiting for a writer', async () => {
    const fifo = path.join(folder, 'pipe');
    await execa('mkfifo', [fifo]);
    expect(await fingerprintFile({ filePath: fifo })).toEqual({ ok: false, reason: 'not_a_file' });
    expect(await readBoundedFile({ filePath: fifo, maxBytes: 100 })).toEqual({
      ok: false,
      reason: 'not_a_file',
    });
  });
});
