import {
  chmod,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveInsideWorkspace } from './boundary/resolve-inside-workspace';
import { editFile } from './edit-file';
import type { EditFileOptions } from './edit-file';
import { fingerprintFile } from './fingerprint-file';
import { MAX_EDITABLE_BYTES } from './limits';
import { createReadLedger } from './read-ledger';
import type { ReadLedger } from './read-ledger';

let folder: string;
let ledger: ReadLedger;

beforeEach(async () => {
  folder = await realpath(await mkdtemp(path.join(tmpdir(), 'workspace-edit-')));
  ledger = createReadLedger();
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Writes a file and records it as read, as read_file would. */
async function readableFile(name: string, content: string | Buffer): Promise<string> {
  const filePath = path.join(folder, name);
  await writeFile(filePath, content);
  const fingerprint = await fingerprintFile({ filePath });
  if (!fingerprint.ok) throw new Error(`cannot fingerprint ${name}`);
  ledger.record({ path: name, fingerprint: fingerprint.fingerprint });
  return filePath;
}

function edit(
  name: string,
  fields: Pick<EditFileOptions, 'oldString' | 'newString' | 'replaceAll'>,
) {
  return editFile({
    absolutePath: path.join(folder, name),
    relativePath: name,
    realRoot: folder,
    ledger,
    ...fields,
  });
}

/** Runs an edit that must be refused and checks that the file's bytes did not change. */
async function expectRefusedUnchanged(
  name: string,
  fields: Pick<EditFileOptions, 'oldString' | 'newString' | 'replaceAll'>,
) {
  const before = await readFile(path.join(folder, name));
  const result = await edit(name, fields);
  expect(result.ok).toBe(false);
  // Buffer.equals, not toEqual: a deep comparison of megabytes byte by byte takes seconds.
  expect((await readFile(path.join(folder, name))).equals(before), `${name} changed`).toBe(true);
  return result;
}

describe('editFile', () => {
  it('replaces exactly once, returns the diff, and leaves no temporary file', async () => {
    await readableFile('calc.js', 'export function add(a, b) {\n  return a - b;\n}\n');
    const result = await edit('calc.js', {
      oldString: 'return a - b;',
      newString: 'return a + b;',
    });
    expect(result).toMatchObject({ ok: true, replacements: 1 });
    expect(result.ok && result.diff.text).toContain('-  return a - b;\n+  return a + b;');
    expect(await readFile(path.join(folder, 'calc.js'), 'utf8')).toBe(
      'export function add(a, b) {\n  return a + b;\n}\n',
    );
    expect(await readdir(folder)).toEqual(['calc.js']);
  });

  it('keeps CRLF endings, the byte-order mark and tabs byte for byte', async () => {
    const original = Buffer.from(
      '\uFEFFfunction f() {\r\n\tif (x) {\r\n\t\treturn 1;\r\n\t}\r\n}\r\n',
    );
    await readableFile('win.js', original);
    const result = await edit('win.js', {
      oldString: '\tif (x) {\n\t\treturn 1;',
      newString: '\tif (x) {\n\t\tlog(x);\n\t\treturn 2;',
    });
    expect(result.ok).toBe(true);
    const expected = Buffer.from(
      '\uFEFFfunction f() {\r\n\tif (x) {\r\n\t\tlog(x);\r\n\t\treturn 2;\r\n\t}\r\n}\r\n',
    );
    expect(await readFile(path.join(folder, 'win.js'))).toEqual(expected);
  });

  it('keeps the permission bits of the file it replaces', async () => {
    const filePath = await readableFile('run.sh', '#!/bin/sh\necho old\n');
    await chmod(filePath, 0o751);
    const result = await edit('run.sh', { oldString: 'old', newString: 'new' });
    expect(result.ok).toBe(true);
    expect((await stat(filePath)).mode & 0o7777).toBe(0o751);
  });

  it('refuses a read-only file, which a rename would otherwise replace regardless', async () => {
    // A rename needs only the folder to be writable: without this check, chmod a-w protects nothing.
    const filePath = await readableFile('generated.js', 'x = 1;\n');
    await chmod(filePath, 0o444);
    const result = await expectRefusedUnchanged('generated.js', {
      oldString: 'x = 1;',
      newString: 'x = 2;',
    });
    expect(result).toEqual({
      ok: false,
      reason: 'read_only',
      error:
        'generated.js is read-only (its permissions allow no writing), so nothing was changed; leave it as it is, or ask the user to make it writable',
    });
  });

  it('writes through a symbolic link, so the link stays a link', async () => {
    const target = await readableFile('target.txt', 'value = 1\n');
    await symlink(target, path.join(folder, 'link.txt'));
    ledger.record({ path: 'link.txt', fingerprint: ledger.lookup('target.txt')! });
    // The boundary resolves the link to the file it names; the engine is given that real path.
    const place = await resolveInsideWorkspace({ cwd: folder, path: 'link.txt' });
    if (!place.ok) throw new Error(place.error);
    const result = await editFile({ ...place, oldString: '1', newString: '2', ledger });
    expect(result.ok).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('value = 2\n');
    expect((await readdir(folder)).sort()).toEqual(['link.txt', 'target.txt']);
  });

  it('refuses a match that is not unique, names its lines, and replaceAll changes both', async () => {
    await readableFile('twice.js', 'let n = 0;\nn += 1;\nlog(n);\nn += 1;\n');
    const refused = await expectRefusedUnchanged('twice.js', {
      oldString: 'n += 1;',
      newString: 'n += 2;',
    });
    expect(refused).toMatchObject({ reason: 'ambiguous', lines: [2, 4] });
    const result = await edit('twice.js', {
      oldString: 'n += 1;',
      newString: 'n += 2;',
      replaceAll: true,
    });
    expect(result).toMatchObject({ ok: true, replacements: 2 });
    expect(await readFile(path.join(folder, 'twice.js'), 'utf8')).toBe(
      'let n = 0;\nn += 2;\nlog(n);\nn += 2;\n',
    );
  });

  it('refuses text that is not there, with the hint about line-number prefixes', async () => {
    await readableFile('calc.js', 'a();\nb();\n');
    const result = await expectRefusedUnchanged('calc.js', {
      oldString: '2: b();',
      newString: 'c();',
    });
    expect(result).toMatchObject({ reason: 'not_found' });
    expect(!result.ok && result.error).toContain('line numbers');
  });

  it('fills an empty file from an empty old_string, and refuses one in a file with text', async () => {
    // create_file refuses a path that exists, so this is the one way to give an empty file text.
    const filePath = await readableFile('empty.txt', '');
    expect(await edit('empty.txt', { oldString: '', newString: 'content\n' })).toMatchObject({
      ok: true,
      replacements: 1,
    });
    expect(await readFile(filePath, 'utf8')).toBe('content\n');
    const result = await expectRefusedUnchanged('empty.txt', { oldString: '', newString: 'x' });
    expect(result).toMatchObject({ reason: 'empty_old_string' });
  });
});

describe('editFile: conflicts', () => {
  it('refuses a file never read in this conversation and says to read it', async () => {
    await writeFile(path.join(folder, 'unread.js'), 'x = 1;\n');
    const result = await expectRefusedUnchanged('unread.js', {
      oldString: 'x = 1;',
      newString: 'x = 2;',
    });
    expect(result).toMatchObject({ reason: 'not_read' });
    expect(!result.ok && result.error).toContain('read it with read_file');
  });

  it("refuses a stale edit and keeps the person's change", async () => {
    const filePath = await readableFile('calc.js', 'return a - b;\n');
    await writeFile(filePath, 'return a - b; // checked by a person\n');
    const result = await expectRefusedUnchanged('calc.js', {
      oldString: 'a - b',
      newString: 'a + b',
    });
    expect(result).toMatchObject({ reason: 'changed_since_read' });
    expect(!result.ok && result.error).toContain('read it again with read_file');
    expect(await readFile(filePath, 'utf8')).toBe('return a - b; // checked by a person\n');
  });

  it('refuses a stale edit when the change kept the size and the modification time', async () => {
    const filePath = await readableFile('same-size.js', 'value = 1;\n');
    const { mtime } = await stat(filePath);
    await writeFile(filePath, 'value = 7;\n');
    const { utimes } = await import('node:fs/promises');
    await utimes(filePath, mtime, mtime);
    const result = await expectRefusedUnchanged('same-size.js', {
      oldString: 'value',
      newString: 'total',
    });
    expect(result).toMatchObject({ reason: 'changed_since_read' });
  });

  it('accepts a second edit without a second read: the ledger holds what the first wrote', async () => {
    await readableFile('steps.js', 'a = 1;\nb = 1;\n');
    expect(await edit('steps.js', { oldString: 'a = 1;', newString: 'a = 2;' })).toMatchObject({
      ok: true,
    });
    expect(await edit('steps.js', { oldString: 'b = 1;', newString: 'b = 2;' })).toMatchObject({
      ok: true,
    });
    expect(await readFile(path.join(folder, 'steps.js'), 'utf8')).toBe('a = 2;\nb = 2;\n');
  });

  it('says a file read and then deleted was deleted, instead of only that it is missing', async () => {
    const filePath = await readableFile('gone.js', 'x = 1;\n');
    await rm(filePath);
    expect(await edit('gone.js', { oldString: 'x = 1;', newString: 'x = 2;' })).toEqual({
      ok: false,
      reason: 'missing',
      error:
        'gone.js was deleted or moved since you read it, so nothing was changed; use glob to find where it went, or create_file to make it again',
    });
  });

  it('accepts an edit after the file is read again', async () => {
    const filePath = await readableFile('again.js', 'x = 1;\n');
    await writeFile(filePath, 'x = 1;\ny = 2;\n');
    expect(await edit('again.js', { oldString: 'x = 1;', newString: 'x = 3;' })).toMatchObject({
      reason: 'changed_since_read',
    });
    await readableFile('again.js', await readFile(filePath));
    expect(await edit('again.js', { oldString: 'x = 1;', newString: 'x = 3;' })).toMatchObject({
      ok: true,
    });
    expect(await readFile(filePath, 'utf8')).toBe('x = 3;\ny = 2;\n');
  });
});

describe('editFile: files it will not change', { timeout: 60_000 }, () => {
  it(`refuses a file over ${MAX_EDITABLE_BYTES} bytes, reading none of it`, async () => {
    const filePath = path.join(folder, 'big.log');
    await writeFile(filePath, Buffer.alloc(MAX_EDITABLE_BYTES + 1, 'a'));
    expect(await fingerprintFile({ filePath })).toMatchObject({ ok: false, reason: 'too_large' });
    const result = await expectRefusedUnchanged('big.log', { oldString: 'aaa', newString: 'b' });
    expect(result).toMatchObject({ reason: 'too_large' });
    expect(!result.ok && result.error).toContain('4.0 MB');
  });

  it(`refuses an edit whose result would pass ${MAX_EDITABLE_BYTES} bytes, a small file or not`, async () => {
    // 10,000 one-letter lines, each replaced by 500 bytes: 5 MB out of 20 kB, in one call.
    await readableFile('grow.txt', 'x\n'.repeat(10_000));
    const result = await expectRefusedUnchanged('grow.txt', {
      oldString: 'x',
      newString: 'y'.repeat(500),
      replaceAll: true,
    });
    expect(result).toEqual({
      ok: false,
      reason: 'too_large',
      error:
        'the edit would make grow.txt 4.8 MB, more than the 4.0 MB an edited file may hold, so nothing was changed; make a smaller change, or generate the file with a command',
    });
  });

  it('edits a file of exactly the limit', async () => {
    const content = Buffer.alloc(MAX_EDITABLE_BYTES, 'a');
    content.write('unique', MAX_EDITABLE_BYTES / 2);
    await readableFile('limit.txt', content);
    expect(await edit('limit.txt', { oldString: 'unique', newString: 'UNIQUE' })).toMatchObject({
      ok: true,
    });
  });

  it('refuses binary and non-UTF-8 files without touching them', async () => {
    await readableFile('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x41]));
    expect(
      await expectRefusedUnchanged('image.png', { oldString: 'A', newString: 'B' }),
    ).toMatchObject({
      reason: 'binary',
    });
    await readableFile('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect(
      await expectRefusedUnchanged('latin1.txt', { oldString: 'caf', newString: 'CAF' }),
    ).toMatchObject({
      reason: 'not_utf8',
    });
  });

  it('refuses a missing file and a folder, pointing to the tool that creates files', async () => {
    const missing = await edit('nowhere.js', { oldString: 'a', newString: 'b' });
    expect(missing).toMatchObject({ ok: false, reason: 'missing' });
    expect(!missing.ok && missing.error).toContain('creates files');
    await import('node:fs/promises').then(({ mkdir }) => mkdir(path.join(folder, 'src')));
    expect(await edit('src', { oldString: 'a', newString: 'b' })).toMatchObject({
      reason: 'not_a_file',
    });
  });

  it('names no absolute path in any message', async () => {
    await readableFile('calc.js', 'a\n');
    await writeFile(path.join(folder, 'calc.js'), 'b\n');
    const results = await Promise.all([
      edit('calc.js', { oldString: 'a', newString: 'c' }),
      edit('nowhere.js', { oldString: 'a', newString: 'c' }),
    ]);
    for (const result of results) expect(!result.ok && result.error).not.toContain(folder);
  });
});
