import { existsSync } from 'node:fs';
import { cp, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { KIT_ROOT } from './kit-paths';
import { stageLab } from './stage-lab';
import { createLabFolder } from './test-helpers';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

/** Stages `labDir` as a day-3 lab and returns where it will be graded. */
async function stage(labDir: string): Promise<string> {
  const staged = await stageLab({
    labDir,
    label: 'the lab',
    dayId: 'd3',
    kitLabDir: 'labs/d3',
    kitSolutionDir: 'solutions/d3',
  });
  if (!staged.ok) throw new Error(staged.error);
  onTestFinished(() => staged.value.cleanup());
  return staged.value.directory;
}

describe('stageLab', () => {
  it('grades an installed lab where it is', async () => {
    const solution = join(KIT_ROOT, 'solutions', 'd3');
    expect(await stage(solution)).toBe(await realpath(solution));
  });

  it('stages a copy whose node_modules kept pnpm links that lead nowhere, so its imports resolve', async () => {
    // As `cp -r` copies it: pnpm's relative links come along and point outside the kit.
    const copy = join(folder.root, 'copied-with-modules');
    await cp(join(KIT_ROOT, 'solutions', 'd3'), copy, { recursive: true, verbatimSymlinks: true });
    expect(existsSync(join(copy, 'node_modules', 'zod'))).toBe(false);

    const directory = await stage(copy);
    expect(directory).not.toBe(await realpath(copy));
    expect(existsSync(join(directory, 'node_modules', 'zod', 'package.json'))).toBe(true);
    expect(existsSync(join(directory, 'src', 'index.ts'))).toBe(true);
  });

  it('leaves out a pipe in a submission, which cannot be copied and would be read forever', async () => {
    const submission = join(folder.root, 'with-a-pipe');
    await cp(join(KIT_ROOT, 'solutions', 'd3', 'src'), join(submission, 'src'), {
      recursive: true,
    });
    await cp(join(KIT_ROOT, 'solutions', 'd3', 'package.json'), join(submission, 'package.json'));
    await execa('mkfifo', [join(submission, 'src', 'pipe.ts')]);

    const directory = await stage(submission);
    expect(existsSync(join(directory, 'src', 'pipe.ts'))).toBe(false);
    expect(existsSync(join(directory, 'src', 'index.ts'))).toBe(true);
  });
});
