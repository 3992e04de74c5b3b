import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_ROOT } from './beside-lab/kit-paths';
import { createLabFolder, fixtureLab, makeLab } from './test-helpers';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

/** The grader's own temporary folders among `names`. */
const graderFolders = (names: string[]) => names.filter((name) => name.startsWith('agent-course-'));

describe('Ctrl-C during a grade', () => {
  it('stops the checks and removes the staged lab and the scratch folders', async () => {
    const lab = await makeLab({
      into: join(folder.root, 'lab'),
      lab: fixtureLab('hangs-at-import'),
    });
    // A temporary folder of its own, so other work on the machine cannot confuse the count.
    // As root the checks run as nobody, who must be able to reach it (mkdtemp made its parent private).
    const temp = join(folder.root, 'tmp');
    await mkdir(temp);
    await chmod(folder.root, 0o755);
    const grader = execa(
      process.execPath,
      [join(KIT_ROOT, 'grader/src/grade-command.mjs'), 'd3', '--lab', lab, '--timeout', '600'],
      // A time limit no machine reaches: the lab is still hanging when Ctrl-C comes.
      { env: { TMPDIR: temp, NO_COLOR: '1', INIT_CWD: folder.root }, reject: false },
    );
    grader.catch(() => {});
    // Wait (without a deadline of our own) until the grade has made its folders and started the check.
    for (;;) {
      const names = graderFolders(await readdir(temp));
      if (names.some((name) => name.startsWith('agent-course-grade-'))) {
        const inside = await readdir(
          join(
            temp,
            names.find((name) => name.startsWith('agent-course-grade-'))!,
          ),
        );
        if (inside.length > 0) break;
      }
      if (grader.exitCode !== null)
        throw new Error(`the grader ended early: ${(await grader).stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    grader.kill('SIGINT');
    const ended = await grader;
    expect(ended.exitCode).toBe(130);
    expect(graderFolders(await readdir(temp))).toEqual([]);
  });
});
