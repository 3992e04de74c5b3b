import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_LABS } from './__fixtures__/broken-labs';
import { FAULT_LABS } from './__fixtures__/fault-labs';
import { applyFixtureLab, insertAfter } from './fixture-lab';
import type { FixtureLab } from './fixture-lab';
import { createLabFolder, makeLab } from './test-helpers';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

/** A lab with one mutation of a small file written just for the test. */
async function labOver({ name, content, find }: { name: string; content: string; find: string }) {
  const root = join(folder.root, name);
  await mkdir(join(root, 'src'), { recursive: true });
  await writeFile(join(root, 'src', 'answer.ts'), content);
  const lab: FixtureLab = {
    name,
    group: 'broken-labs',
    why: 'a test of the mutations themselves',
    mutations: [{ file: 'src/answer.ts', find, replace: 'export const answer = 41;' }],
  };
  return { root, lab };
}

// The grading tests take a while; this catches a mutation the solution has outgrown in a second.
describe('every fixture lab still applies to the current solution', () => {
  for (const lab of [...BROKEN_LABS, ...FAULT_LABS]) {
    it(`${lab.group}/${lab.name}`, async () => {
      await expect(makeLab({ into: join(folder.root, lab.name), lab })).resolves.toBeTruthy();
    });
  }
});

describe('applyFixtureLab', () => {
  it('replaces the snippet, keeping "$" in the replacement literal', async () => {
    const { root, lab } = await labOver({
      name: 'replaces',
      content: 'export const answer = 42;\n',
      find: 'export const answer = 42;',
    });
    lab.mutations.push(
      insertAfter({ file: 'src/answer.ts', anchor: '41;', text: " // costs $& and $'" }),
    );
    await applyFixtureLab({ root, lab });
    expect(await readFile(join(root, 'src', 'answer.ts'), 'utf8')).toBe(
      "export const answer = 41; // costs $& and $'\n",
    );
  });

  it('fails naming the lab, the file and the snippet when the snippet is gone', async () => {
    const { root, lab } = await labOver({
      name: 'missing',
      content: 'export const answer = 43;\n',
      find: 'export const answer = 42;',
    });
    await expect(applyFixtureLab({ root, lab })).rejects.toThrow(
      /^broken-labs\/missing: src\/answer\.ts holds the snippet below 0 times, not exactly once\..*broken-labs\.ts\.\nsnippet:\nexport const answer = 42;$/s,
    );
  });

  it('fails when the snippet occurs more than once', async () => {
    const { root, lab } = await labOver({
      name: 'twice',
      content: 'const first = 42;\nconst second = 42;\n',
      find: '42;',
    });
    await expect(applyFixtureLab({ root, lab })).rejects.toThrow('holds the snippet below 2 times');
  });

  it('refuses a lab with neither files nor mutations', async () => {
    const lab: FixtureLab = { name: 'nothing', group: 'fault-labs', why: 'none', mutations: [] };
    await expect(applyFixtureLab({ root: folder.root, lab })).rejects.toThrow(
      'fault-labs/nothing has neither files',
    );
  });
});
