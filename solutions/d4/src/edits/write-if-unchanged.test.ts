import { readFile, utimes, writeFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createReadLedger,
  fingerprintFile,
  readFileToEdit,
  resolveInsideWorkspace,
  spliceEdit,
} from '@agent-course/workspace';
import type { ReadLedger } from '@agent-course/workspace';
import { createTestWorkspace } from '@agent-course/workspace/testing';
import type { TestWorkspace } from '@agent-course/workspace/testing';
import { writeIfUnchanged } from './write-if-unchanged';

// Two edits at once race only in the moment between the second look and the rename, too short to
// hit every time. While `slowLooks.on`, each fingerprintFile waits first, so two edits started
// together are both in that moment: the test sees every time what would otherwise happen now and then.
const slowLooks = vi.hoisted(() => ({ on: false }));
vi.mock('@agent-course/workspace', async (importOriginal) => {
  const original = await importOriginal<typeof import('@agent-course/workspace')>();
  return {
    ...original,
    fingerprintFile: async (options: Parameters<typeof original.fingerprintFile>[0]) => {
      if (slowLooks.on) await new Promise((resolve) => setTimeout(resolve, 50));
      return original.fingerprintFile(options);
    },
  };
});

const SOURCE = 'let total = 1;\n';
let workspace: TestWorkspace;
let ledger: ReadLedger;
beforeEach(async () => {
  workspace = await createTestWorkspace({ 'notes.js': SOURCE });
  ledger = createReadLedger();
});
afterEach(() => workspace.cleanup());

const filePath = () => join(workspace.context.cwd, 'notes.js');
const current = () => readFile(filePath(), 'utf8');

/** What read_file records: the fingerprint of what the model was shown. */
async function recordRead() {
  const seen = await fingerprintFile({ filePath: filePath() });
  if (!seen.ok) throw new Error('notes.js cannot be read');
  ledger.record({ path: 'notes.js', fingerprint: seen.fingerprint });
}

/** Reads the file for an edit, makes "1" into "2" and hands it to writeIfUnchanged. */
async function editOnce(options: { ledger?: ReadLedger } = {}) {
  const place = await resolveInsideWorkspace({ cwd: workspace.context.cwd, path: 'notes.js' });
  if (!place.ok) throw new Error(place.error);
  const file = await readFileToEdit({ ...place, ledger });
  if (!file.ok) throw new Error(file.error);
  const from = (await current()).includes('= 1;') ? '= 1;' : '= 2;';
  const to = from === '= 1;' ? '= 2;' : '= 3;';
  const starts = [file.text.indexOf(from)];
  const edit = spliceEdit({
    file,
    relativePath: 'notes.js',
    starts,
    oldString: from,
    newString: to,
  });
  if (!edit.ok) throw new Error(edit.error);
  return writeIfUnchanged({ ledger: options.ledger ?? ledger, place, file, edit });
}

describe('writeIfUnchanged', () => {
  it('refuses a file never read, saying to read it first', async () => {
    const written = await editOnce();
    expect(written).toMatchObject({ ok: false });
    expect(!written.ok && written.error).toContain('read it with read_file first');
    expect(await current()).toBe(SOURCE);
  });

  it('writes a file read and unchanged, even one saved again with nothing changed', async () => {
    await recordRead();
    await utimes(filePath(), new Date(), new Date(Date.now() + 90_000));
    expect(await editOnce()).toEqual({ ok: true });
    expect(await current()).toBe('let total = 2;\n');
  });

  it("refuses a file changed since the read, and the person's change survives", async () => {
    await recordRead();
    await writeFile(filePath(), 'let total = 1; // mine\n');
    const written = await editOnce();
    expect(!written.ok && written.error).toContain('has changed since you last read it');
    expect(await current()).toBe('let total = 1; // mine\n');
  });

  it('looks again just before the rename: a save while the edit is written survives', async () => {
    await recordRead();
    // A ledger that, the moment the edit looks the file up, saves a change to it: after the
    // first look, before the write. Only the second look, in beforeReplace, can see it.
    const saving: ReadLedger = {
      ...ledger,
      lookup: (path) => {
        const seen = ledger.lookup(path);
        writeFileSync(filePath(), 'let total = 1; // saved meanwhile\n');
        return seen;
      },
    };
    const written = await editOnce({ ledger: saving });
    expect(written).toMatchObject({ ok: false });
    expect(await current()).toBe('let total = 1; // saved meanwhile\n');
  });

  it('two edits at once: the second is judged against what the first wrote, and refused', async () => {
    await recordRead();
    // Both read the file as it was read_file showed it, and both change a different part of it.
    const prepare = async (from: string, to: string) => {
      const place = await resolveInsideWorkspace({ cwd: workspace.context.cwd, path: 'notes.js' });
      if (!place.ok) throw new Error(place.error);
      const file = await readFileToEdit({ ...place, ledger });
      if (!file.ok) throw new Error(file.error);
      const edit = spliceEdit({
        file,
        relativePath: 'notes.js',
        starts: [file.text.indexOf(from)],
        oldString: from,
        newString: to,
      });
      if (!edit.ok) throw new Error(edit.error);
      return () => writeIfUnchanged({ ledger, place, file, edit });
    };
    const edits = [await prepare('= 1;', '= 2;'), await prepare('let', 'const')];
    slowLooks.on = true;
    const [first, second] = await Promise.all(edits.map((write) => write())).finally(() => {
      slowLooks.on = false;
    });
    expect([first, second]).toMatchObject([{ ok: true }, { ok: false }]);
    expect(!second!.ok && second!.error).toContain('has changed since you last read it');
    // The first edit survives: nothing was lost to the second.
    expect(await current()).toBe('let total = 2;\n');
  });

  it('records what it wrote, so the next edit needs no second read', async () => {
    await recordRead();
    expect(await editOnce()).toEqual({ ok: true });
    expect(await editOnce()).toEqual({ ok: true });
    expect(await current()).toBe('let total = 3;\n');
  });
});
