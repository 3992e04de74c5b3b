import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveInsideWorkspace } from './boundary/resolve-inside-workspace';
import { createFile } from './create-file';
import { MAX_EDITABLE_BYTES } from './limits';
import { createReadLedger } from './read-ledger';
import type { ReadLedger } from './read-ledger';
import { createTestWorkspace } from './testing/create-test-workspace';
import type { TestWorkspace } from './testing/create-test-workspace';

let workspace: TestWorkspace;
let ledger: ReadLedger;
beforeEach(async () => {
  workspace = await createTestWorkspace({ 'src/calc.js': 'old\n' });
  ledger = createReadLedger();
});
afterEach(() => workspace.cleanup());

/** Creates `given` as the create_file tool does: the boundary first, then the engine. */
async function create(given: string, content: string) {
  const place = await resolveInsideWorkspace({ cwd: workspace.root, path: given });
  if (!place.ok) return { ok: false as const, error: place.error };
  return createFile({ ...place, requestedPath: given, content, ledger });
}

describe('createFile', () => {
  it('creates the file and its folders, counts its lines, and records it in the ledger', async () => {
    const created = await create('test/new/a.test.js', 'one\ntwo');
    expect(created).toMatchObject({ ok: true, lines: 2, bytes: 7 });
    expect(await readFile(path.join(workspace.root, 'test/new/a.test.js'), 'utf8')).toBe(
      'one\ntwo',
    );
    expect(ledger.lookup('test/new/a.test.js')).toEqual(created.ok && created.fingerprint);
    // No temporary file is left beside it.
    expect(await readdir(path.join(workspace.root, 'test/new'))).toEqual(['a.test.js']);
  });

  it('never replaces a file, a folder or a link, and says what to do instead', async () => {
    await mkdir(path.join(workspace.root, 'empty'));
    await symlink('calc.js', path.join(workspace.root, 'src/alias.js'));
    expect(await create('src/calc.js', 'new\n')).toEqual({
      ok: false,
      reason: 'exists',
      error:
        'src/calc.js already exists, so nothing was written; read it with read_file and change it with edit_file',
    });
    expect(await create('empty', 'new\n')).toEqual({
      ok: false,
      reason: 'exists',
      error:
        'empty is an existing folder, so nothing was written; give a path for the new file inside it, e.g. empty/new-file.txt',
    });
    expect(await create('.', 'new\n')).toMatchObject({ ok: false, reason: 'exists' });
    await writeFile(path.join(workspace.root, 'blank.txt'), '');
    expect(await create('blank.txt', 'new\n')).toEqual({
      ok: false,
      reason: 'exists',
      error:
        'blank.txt already exists and is empty, so nothing was written; read it with read_file, then fill it with edit_file and an empty old_string',
    });
    expect(await create('src/alias.js', 'new\n')).toMatchObject({ ok: false, reason: 'exists' });
    expect(await readFile(path.join(workspace.root, 'src/calc.js'), 'utf8')).toBe('old\n');
    expect(await readdir(path.join(workspace.root, 'empty'))).toEqual([]);
  });

  it('refuses a path that names a folder (a trailing slash), and makes neither file nor folder', async () => {
    for (const given of [
      'src/newdir/',
      'src/newdir/.',
      '"src/newdir/"',
      'newdir//',
      'src/newdir\\/',
    ]) {
      const result = await create(given, 'x');
      expect(result).toMatchObject({ ok: false, reason: 'names_a_folder' });
      expect(!result.ok && result.error).toContain('ends with /');
      expect(!result.ok && result.error).not.toContain(workspace.root);
    }
    expect(await readdir(workspace.root)).toEqual(['src']);
    expect(await readdir(path.join(workspace.root, 'src'))).toEqual(['calc.js']);
  });

  it('creates a name of 255 bytes, the most a folder entry holds', async () => {
    const name = `${'n'.repeat(251)}.txt`;
    expect(await create(`src/${name}`, 'x\n')).toMatchObject({ ok: true, lines: 1 });
    expect((await readdir(path.join(workspace.root, 'src'))).sort()).toEqual(['calc.js', name]);
  });

  it('refuses a path through a file, without naming the machine path', async () => {
    const result = await create('src/calc.js/inner.txt', 'x');
    expect(result).toMatchObject({ ok: false, reason: 'write_failed' });
    expect(!result.ok && result.error).toContain('a file stands where a folder is needed');
    expect(!result.ok && result.error).not.toContain(workspace.root);
  });

  it(`refuses content over ${MAX_EDITABLE_BYTES} bytes before touching the disk`, async () => {
    // Counted in UTF-8 bytes, not characters: "é" is two.
    const result = await create('big.txt', 'é'.repeat(MAX_EDITABLE_BYTES / 2 + 1));
    expect(result).toMatchObject({ ok: false, reason: 'too_large' });
    expect(await readdir(workspace.root)).toEqual(['src']);
  });

  it('creates nothing outside: a linked folder on the way, or a dangling link, is refused', async () => {
    await workspace.link({ relativePath: 'out', target: workspace.outside });
    await workspace.link({
      relativePath: 'dangling.txt',
      target: path.join(workspace.outside, 'new.txt'),
    });
    expect(await create('out/new/deeper.txt', 'x')).toMatchObject({ ok: false });
    expect(await create('dangling.txt', 'x')).toMatchObject({ ok: false });
    expect(await readdir(workspace.outside)).toEqual(['canary.txt']);
  });
});
