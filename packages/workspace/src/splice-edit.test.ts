import {
  chmod,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
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
import { fingerprintBytes } from './file-fingerprint';
import { fingerprintFile } from './fingerprint-file';
import { MAX_EDITABLE_BYTES } from './limits';
import { createReadLedger } from './read-ledger';
import { readFileToEdit } from './read-file-to-edit';
import { spliceEdit } from './splice-edit';
import { writeFileAtomically } from './write-file-atomically';

// The engine's half of an edit: reading a file fit to edit, and splicing new text into its bytes.
// Finding old_string and refusing a stale file are day 4's exercises (solutions/d4/src/edits);
// here a plain indexOf stands in for the first, and nothing compares for the second.

let folder: string;
beforeEach(async () => {
  folder = await realpath(await mkdtemp(path.join(tmpdir(), 'workspace-edit-')));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Reads `name` for an edit, replaces `oldString` at every place it occurs and writes the result. */
async function edit(
  name: string,
  oldString: string,
  newString: string,
  ledger = createReadLedger(),
) {
  const place = await resolveInsideWorkspace({ cwd: folder, path: name });
  if (!place.ok) return place;
  const file = await readFileToEdit({ ...place, ledger });
  if (!file.ok) return file;
  const search = oldString.replaceAll('\r\n', '\n');
  const starts: number[] = [];
  for (
    let at = file.text.indexOf(search);
    at !== -1;
    at = file.text.indexOf(search, at + Math.max(search.length, 1))
  ) {
    starts.push(at);
    if (search === '') break;
  }
  const spliced = spliceEdit({
    file,
    relativePath: place.relativePath,
    starts,
    oldString,
    newString,
  });
  if (!spliced.ok) return spliced;
  const written = await writeFileAtomically({
    filePath: place.absolutePath,
    realRoot: place.realRoot,
    content: spliced.content,
  });
  return written.ok ? spliced : written;
}

/** Runs an edit that must be refused and checks that the file's bytes did not change. */
async function expectRefusedUnchanged(name: string, oldString: string, newString: string) {
  const before = await readFile(path.join(folder, name));
  const result = await edit(name, oldString, newString);
  expect(result.ok).toBe(false);
  // Buffer.equals, not toEqual: a deep comparison of megabytes byte by byte takes seconds.
  expect((await readFile(path.join(folder, name))).equals(before), `${name} changed`).toBe(true);
  return result.ok ? '' : result.error;
}

describe('readFileToEdit and spliceEdit', () => {
  it('replaces the text, gives the diff and the fingerprint of what it wrote, and leaves no temporary file', async () => {
    await writeFile(
      path.join(folder, 'calc.js'),
      'export function add(a, b) {\n  return a - b;\n}\n',
    );
    const result = await edit('calc.js', 'return a - b;', 'return a + b;');
    expect(result).toMatchObject({ ok: true, replacements: 1 });
    expect(result.ok && 'diff' in result && result.diff.text).toContain(
      '-  return a - b;\n+  return a + b;',
    );
    const written = await readFile(path.join(folder, 'calc.js'));
    expect(written.toString()).toBe('export function add(a, b) {\n  return a + b;\n}\n');
    expect(result.ok && 'fingerprint' in result && result.fingerprint).toEqual(
      fingerprintBytes(written),
    );
    expect(await readdir(folder)).toEqual(['calc.js']);
  });

  it('keeps CRLF endings, the byte-order mark and tabs byte for byte', async () => {
    await writeFile(
      path.join(folder, 'win.js'),
      '\uFEFFfunction f() {\r\n\tif (x) {\r\n\t\treturn 1;\r\n\t}\r\n}\r\n',
    );
    expect(
      (await edit('win.js', '\tif (x) {\n\t\treturn 1;', '\tif (x) {\n\t\tlog(x);\n\t\treturn 2;'))
        .ok,
    ).toBe(true);
    expect(await readFile(path.join(folder, 'win.js'))).toEqual(
      Buffer.from(
        '\uFEFFfunction f() {\r\n\tif (x) {\r\n\t\tlog(x);\r\n\t\treturn 2;\r\n\t}\r\n}\r\n',
      ),
    );
  });

  it('inserts new_string literally, deletes with "", and fills an empty file', async () => {
    await writeFile(path.join(folder, 'a.js'), 'x = y;\ndrop\n');
    expect((await edit('a.js', 'y', '$& $1 $$ $`')).ok).toBe(true);
    expect((await edit('a.js', 'drop\n', '')).ok).toBe(true);
    expect(await readFile(path.join(folder, 'a.js'), 'utf8')).toBe('x = $& $1 $$ $`;\n');
    await writeFile(path.join(folder, 'empty.txt'), '');
    expect((await edit('empty.txt', '', 'content\n')).ok).toBe(true);
    expect(await readFile(path.join(folder, 'empty.txt'), 'utf8')).toBe('content\n');
  });

  it('keeps the permission bits of the file it replaces, and writes through a link', async () => {
    const script = path.join(folder, 'run.sh');
    await writeFile(script, '#!/bin/sh\necho old\n');
    await chmod(script, 0o751);
    expect((await edit('run.sh', 'old', 'new')).ok).toBe(true);
    expect((await stat(script)).mode & 0o7777).toBe(0o751);
    await writeFile(path.join(folder, 'target.txt'), 'value = 1\n');
    await symlink(path.join(folder, 'target.txt'), path.join(folder, 'link.txt'));
    expect((await edit('link.txt', '1', '2')).ok).toBe(true);
    expect(await readFile(path.join(folder, 'target.txt'), 'utf8')).toBe('value = 2\n');
    expect((await readdir(folder)).sort()).toEqual(['link.txt', 'run.sh', 'target.txt']);
  });

  it('refuses an edit that changes nothing', async () => {
    await writeFile(path.join(folder, 'same.js'), 'same\n');
    expect(await expectRefusedUnchanged('same.js', 'same', 'same')).toContain(
      'would change nothing',
    );
  });

  it("refuses positions where old_string does not start, naming the mistake as the code's", async () => {
    await writeFile(path.join(folder, 'calc.js'), 'a = 1;\nb = 2;\n');
    const place = await resolveInsideWorkspace({ cwd: folder, path: 'calc.js' });
    if (!place.ok) throw new Error(place.error);
    const file = await readFileToEdit({ ...place, ledger: createReadLedger() });
    if (!file.ok) throw new Error(file.error);
    const splice = (starts: number[], oldString = 'b = 2;') =>
      spliceEdit({ file, relativePath: 'calc.js', starts, oldString, newString: 'c = 3;' });
    expect(splice([7]).ok).toBe(true);
    for (const starts of [[], [0], [7, 7], [8.5], [-1]]) {
      const refused = splice(starts);
      expect(refused.ok, JSON.stringify(starts)).toBe(false);
      expect(!refused.ok && refused.error).toContain("a mistake in the tool's code");
    }
    expect(splice([0], '').ok).toBe(false);
  });

  it('refuses half of a character in old_string or new_string, saying why, and changes no byte', async () => {
    // A JSON "\ud83d" is a lone UTF-16 surrogate: half of the emoji, which no UTF-8 file can hold.
    // Spliced as it came, the first answered ok and wrote invalid UTF-8; the second lost the "b".
    const content = 'a😀b\nkeep this line\n';
    for (const [oldString, newString] of [
      ['\ud83d', 'X'],
      ['\ude00', 'X'],
      ['\ude00b', 'b'],
      ['a\ud83d', 'a'],
      ['keep', 'half \ud83d here'],
      ['keep', '\ude00'],
    ] as const) {
      await writeFile(path.join(folder, 'emoji.txt'), content);
      const error = await expectRefusedUnchanged('emoji.txt', oldString, newString);
      expect(error, JSON.stringify([oldString, newString])).toContain('half of a character');
      // The message names the half it refused, written out, never the half itself.
      expect(error).toMatch(/\\u[0-9a-f]{4}/);
      expect(/\p{Cs}/u.test(error ?? '')).toBe(false);
    }
    // Whole characters still edit, astral ones included.
    await writeFile(path.join(folder, 'emoji.txt'), content);
    expect((await edit('emoji.txt', '😀', '🎉')).ok).toBe(true);
    expect(await readFile(path.join(folder, 'emoji.txt'), 'utf8')).toBe('a🎉b\nkeep this line\n');
  });
});

describe('readFileToEdit: files it will not change', { timeout: 60_000 }, () => {
  it('refuses a read-only file, which a rename would otherwise replace regardless', async () => {
    // A rename needs only the folder to be writable: without this check, chmod a-w protects nothing.
    await writeFile(path.join(folder, 'generated.js'), 'x = 1;\n');
    await chmod(path.join(folder, 'generated.js'), 0o444);
    expect(await expectRefusedUnchanged('generated.js', 'x = 1;', 'x = 2;')).toBe(
      'generated.js is read-only (its permissions allow no writing), so nothing was changed; leave it as it is, or ask the user to make it writable',
    );
  });

  it(`refuses a file over ${MAX_EDITABLE_BYTES} bytes, reading none of it`, async () => {
    const filePath = path.join(folder, 'big.log');
    await writeFile(filePath, Buffer.alloc(MAX_EDITABLE_BYTES + 1, 'a'));
    expect(await fingerprintFile({ filePath })).toMatchObject({ ok: false, reason: 'too_large' });
    expect(await expectRefusedUnchanged('big.log', 'aaa', 'b')).toContain('4.0 MB');
  });

  it(`refuses an edit whose result would pass ${MAX_EDITABLE_BYTES} bytes, a small file or not`, async () => {
    // 10,000 one-letter lines, each replaced by 500 bytes: 5 MB out of 20 kB, in one call.
    await writeFile(path.join(folder, 'grow.txt'), 'x\n'.repeat(10_000));
    expect(await expectRefusedUnchanged('grow.txt', 'x', 'y'.repeat(500))).toBe(
      'the edit would make grow.txt 4.8 MB, more than the 4.0 MB an edited file may hold, so nothing was changed; make a smaller change, or generate the file with a command',
    );
  });

  it('edits a file of exactly the limit', async () => {
    const content = Buffer.alloc(MAX_EDITABLE_BYTES, 'a');
    content.write('unique', MAX_EDITABLE_BYTES / 2);
    await writeFile(path.join(folder, 'limit.txt'), content);
    expect((await edit('limit.txt', 'unique', 'UNIQUE')).ok).toBe(true);
  });

  it('refuses binary and non-UTF-8 files without touching them', async () => {
    await writeFile(
      path.join(folder, 'image.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x41]),
    );
    expect(await expectRefusedUnchanged('image.png', 'A', 'B')).toContain('binary');
    await writeFile(path.join(folder, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect(await expectRefusedUnchanged('latin1.txt', 'caf', 'CAF')).toContain('not UTF-8');
  });

  it('refuses a missing file and a folder, and says when a file read earlier has gone', async () => {
    const missing = await edit('nowhere.js', 'a', 'b');
    expect(!missing.ok && missing.error).toContain('creates files');
    await mkdir(path.join(folder, 'src'));
    expect(await edit('src', 'a', 'b')).toEqual({
      ok: false,
      error: 'src is a folder, so it cannot be edited; use glob to list the files in it',
    });
    const ledger = createReadLedger();
    ledger.record({ path: 'gone.js', fingerprint: fingerprintBytes(Buffer.from('x = 1;\n')) });
    expect(await edit('gone.js', 'x = 1;', 'x = 2;', ledger)).toEqual({
      ok: false,
      error:
        'gone.js was deleted or moved since you read it, so nothing was changed; use glob to find where it went, or create_file to make it again',
    });
  });

  it('names no absolute path in any message', async () => {
    await writeFile(path.join(folder, 'calc.js'), 'b\n');
    const results = await Promise.all([edit('calc.js', 'a', 'c'), edit('nowhere.js', 'a', 'c')]);
    for (const result of results) expect(!result.ok && result.error).not.toContain(folder);
  });
});
