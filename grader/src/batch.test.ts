import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_ROOT } from './kit-paths';
import { createLabFolder, fixtureLab, makeLab, runGrader } from './test-helpers';

// The starter is generated from the solution; until it exists there is nothing to batch against.
const starterExists = existsSync(join(KIT_ROOT, 'labs', 'd3', 'src', 'index.ts'));

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

describe.runIf(starterExists)('pnpm grade d3 --lab GLOB', () => {
  it('grades every submission and gives the hanging one and the non-lab a row each', async () => {
    const submissions = join(folder.root, 'submissions');
    await makeLab({ into: join(submissions, 'alice') });
    await makeLab({ into: join(submissions, 'bob'), from: 'labs/d3' });
    await makeLab({
      into: join(submissions, 'carol'),
      lab: fixtureLab('hangs-in-truncation-and-floods'),
    });
    await mkdir(join(submissions, 'dave'), { recursive: true });
    await writeFile(join(submissions, 'dave', 'notes.txt'), 'not a lab\n');

    const { exitCode, stdout } = await runGrader(
      ['d3', '--lab', 'submissions/*', '--timeout', '8', '--csv', 'grades.csv'],
      { cwd: folder.root },
    );
    expect(exitCode).toBe(0);
    const rows = stdout.split('\n').filter((line) => line.startsWith('submissions/'));
    expect(rows).toEqual([
      expect.stringMatching(/^submissions\/alice\s+7\/7\s+graded\s+-$/),
      expect.stringMatching(
        /^submissions\/bob\s+2\/7\s+graded\s+fragment-merging, bad-arguments, unknown-tool, truncation, call-order$/,
      ),
      expect.stringMatching(/^submissions\/carol\s+6\/7\s+timeout\s+truncation$/),
      expect.stringMatching(/^submissions\/dave\s+-\s+not a lab\s+-$/),
    ]);

    const csv = (await readFile(join(folder.root, 'grades.csv'), 'utf8')).trim().split('\n');
    expect(csv).toEqual([
      'submission,score,result,tool-schemas,path-boundary,fragment-merging,bad-arguments,unknown-tool,truncation,call-order',
      'submissions/alice,7/7,graded,pass,pass,pass,pass,pass,pass,pass',
      'submissions/bob,2/7,graded,pass,pass,fail,fail,fail,fail,fail',
      'submissions/carol,6/7,timeout,pass,pass,pass,pass,pass,timeout,pass',
      'submissions/dave,-,not a lab,,,,,,,',
    ]);
  });
});
