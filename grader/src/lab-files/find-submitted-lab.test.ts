import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSubmittedLab } from './find-submitted-lab';

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'submitted-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A submission folder holding these files (each with a line of text). */
async function submission(name: string, files: string[]): Promise<string> {
  const folder = join(root, name);
  await mkdir(folder, { recursive: true });
  for (const file of files) {
    await mkdir(dirname(join(folder, file)), { recursive: true });
    await writeFile(join(folder, file), 'x\n');
  }
  return folder;
}

const find = (folder: string, label: string) => findSubmittedLab({ folder, label, dayId: 'd3' });

describe('findSubmittedLab', () => {
  it.each([
    ['the lab folder', ['package.json', 'src/index.ts'], 'lab', ''],
    [
      'a whole repository',
      ['README.md', 'labs/d3/package.json', 'labs/d3/src/index.ts'],
      'lab',
      'labs/d3',
    ],
    ['the src files alone', ['index.ts', 'tool-call-accumulator.ts'], 'files', ''],
    [
      'a zip of the lab folder',
      ['d3/package.json', 'd3/src/index.ts', '__MACOSX/d3/._x'],
      'lab',
      'd3',
    ],
    [
      'a zip of a repository',
      ['agents-d3/labs/d3/src/index.ts', '.DS_Store'],
      'lab',
      'agents-d3/labs/d3',
    ],
    ['a zip of the src folder', ['src/index.ts'], 'files', 'src'],
  ] as const)('finds %s', async (name, files, kind, within) => {
    const folder = await submission(name.replaceAll(' ', '-'), [...files]);
    expect(await find(folder, name)).toEqual({
      ok: true,
      kind,
      directory: join(folder, within),
      within,
    });
  });

  it("never follows a link to another submission's lab", async () => {
    const other = await submission('other', ['labs/d3/package.json', 'labs/d3/src/index.ts']);
    const linked = await submission('linked', ['README.md']);
    await symlink(join(other, 'labs'), join(linked, 'labs'));
    expect(await find(linked, 'linked')).toMatchObject({ ok: false });
    const wrapper = await submission('wrapper', []);
    await symlink(join(other, 'labs', 'd3'), join(wrapper, 'd3'));
    expect(await find(wrapper, 'wrapper')).toMatchObject({ ok: false });
  });

  it('refuses what is none of them, saying what it holds and what was expected', async () => {
    const folder = await submission('notes', ['notes.txt', 'labs/d4/src/index.ts']);
    expect(await find(folder, 'submissions/dave')).toEqual({
      ok: false,
      error:
        'submissions/dave is not a lab: it holds labs/, notes.txt. Expected a student repository ' +
        "(labs/d3/src/index.ts), the lab folder (package.json and src/index.ts) or the lab's src files " +
        '(index.ts at the top), or one folder holding one of them.',
    });
    const wrapped = await submission('deep', ['a/b/c/package.json', 'a/b/c/src/index.ts']);
    expect(await find(wrapped, 'deep')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^deep\/a\/b is not a lab: it holds c\/\. /),
    });
    expect(await find(join(root, 'missing'), 'missing')).toMatchObject({
      ok: false,
      error: 'missing does not exist or is not a folder; name the folder of a lab, e.g. labs/d3.',
    });
  });
});
