import { existsSync } from 'node:fs';
import { cp, mkdir, realpath, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { KIT_ROOT } from '../beside-lab/kit-paths';
import { MAX_LAB_FILE_BYTES } from '../beside-lab/limits';
import { stageLab } from './stage-lab';
import { createLabFolder } from '../test-helpers';

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

  describe('refuses a lab that would have the compile read more than its own files', () => {
    /** A bare submission of the solution's package.json and src, changed by `change`. */
    async function stageChanged(name: string, change: (lab: string) => Promise<void>) {
      const submission = join(folder.root, name);
      await cp(join(KIT_ROOT, 'solutions', 'd3', 'src'), join(submission, 'src'), {
        recursive: true,
      });
      await cp(join(KIT_ROOT, 'solutions', 'd3', 'package.json'), join(submission, 'package.json'));
      await change(submission);
      return stageLab({
        labDir: submission,
        label: 'the lab',
        dayId: 'd3',
        kitLabDir: 'labs/d3',
        kitSolutionDir: 'solutions/d3',
      });
    }

    it.each([
      [
        'a link out of the lab',
        (lab: string) => symlink('/etc', join(lab, 'src', 'etc')),
        'src/etc is a link that leads out of the lab',
      ],
      [
        'a link that leads nowhere yet, outside the lab',
        (lab: string) => symlink('/nowhere/yet.ts', join(lab, 'src', 'later.ts')),
        'src/later.ts is a link that leads out of the lab',
      ],
      [
        'a package.json that is a link, even inside the lab',
        (lab: string) => symlink('../package.json', join(lab, 'src', 'package.json')),
        'src/package.json is a link or not a regular file: replace it with the file itself',
      ],
      [
        'a Yarn manifest that is a link, which the compile reads where it starts',
        (lab: string) => symlink('/dev/zero', join(lab, '.pnp.cjs')),
        '.pnp.cjs is a link or not a regular file',
      ],
      [
        'a package.json larger than the grader reads',
        async (lab: string) => {
          await mkdir(join(lab, 'src', 'deep'));
          await writeFile(join(lab, 'src', 'deep', 'package.json'), '{}');
          await truncate(join(lab, 'src', 'deep', 'package.json'), MAX_LAB_FILE_BYTES + 1);
        },
        'src/deep/package.json is larger than',
      ],
    ])('%s', async (_, change, said) => {
      const staged = await stageChanged(`unsafe-${Math.random().toString(36).slice(2)}`, change);
      expect(staged.ok).toBe(false);
      if (staged.ok) return;
      expect(staged.error).toContain(`the lab cannot be graded: its ${said}`);
      expect(staged.notLab).toBeUndefined();
    });

    it('but not a link that stays inside the lab', async () => {
      const staged = await stageChanged('link-inside', (lab) =>
        symlink('./truncate-result.ts', join(lab, 'src', 'alias.ts')),
      );
      expect(staged.ok).toBe(true);
      if (staged.ok) await staged.value.cleanup();
    });
  });
});
