import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_ROOT } from './beside-lab/kit-paths';
import { createLabFolder, fixtureLab, gradeInProcess, makeLab } from './test-helpers';

// The starter is generated from the solution; until it exists there is nothing to batch against.
const starterExists = existsSync(join(KIT_ROOT, 'labs', 'd3', 'src', 'index.ts'));

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

describe.runIf(starterExists)('pnpm grade d3 --lab GLOB', () => {
  it('grades every submission; the hanging, crashed and non-lab ones get a row each, with the reason', async () => {
    const submissions = join(folder.root, 'submissions');
    await makeLab({ into: join(submissions, 'alice') });
    await makeLab({ into: join(submissions, 'bob'), from: 'labs/d3' });
    await makeLab({
      into: join(submissions, 'carol'),
      lab: fixtureLab('hangs-in-truncation-and-floods'),
    });
    // A folder name is the student's text: one that reads as a formula must stay text in the CSV.
    await makeLab({ into: join(submissions, '=erin'), lab: fixtureLab('throws-at-import') });
    await mkdir(join(submissions, 'dave'), { recursive: true });
    await writeFile(join(submissions, 'dave', 'notes.txt'), 'not a lab\n');

    const { exitCode, stdout } = await gradeInProcess(
      ['d3', '--lab', '*', '--timeout', '8', '--csv', '../grades.csv', '--seed', '5'],
      { cwd: submissions },
    );
    expect(exitCode).toBe(0);
    const rows = stdout.split('\n').filter((line) => /^(=erin|alice|bob|carol|dave) /.test(line));
    // The submission throws on the first line of its index as it loads, which the reason names.
    const crashReason = 'the lab does not load: src/index.ts:1: broken on purpose at import';
    const timeoutReason =
      'truncation: it used 8 s of CPU time, the limit for one check, and was stopped';
    expect(rows).toEqual([
      expect.stringMatching(
        new RegExp(
          `^=erin\\s+3/7\\s+crashed\\s+tool-schemas, path-boundary, fragment-merging, truncation\\s+${escapeRegExp(crashReason)}$`,
        ),
      ),
      expect.stringMatching(/^alice\s+7\/7\s+graded\s+-\s+-$/),
      expect.stringMatching(
        /^bob\s+2\/7\s+graded\s+fragment-merging, bad-arguments, unknown-tool, truncation, call-order\s+-$/,
      ),
      expect.stringMatching(
        new RegExp(`^carol\\s+6/7\\s+timeout\\s+truncation\\s+${timeoutReason}`),
      ),
      expect.stringMatching(
        /^dave\s+-\s+not a lab\s+-\s+dave is not a lab: it holds notes.txt\. Expected a student repository/,
      ),
    ]);
    expect(stdout).toContain('5 submissions: 2 graded, 1 timed out, 1 crashed, 1 not a lab');
    expect(stdout).not.toContain(folder.root);
    // bob's and carol's checks ran and failed: the seed replays them.
    expect(stdout.split('\n').at(-1)).toBe(
      "The checks' generated variants came from seed 5; add --seed 5 to grade with the same ones again.",
    );

    const csv = (await readFile(join(folder.root, 'grades.csv'), 'utf8')).trim().split('\n');
    const checks =
      'tool-schemas,path-boundary,fragment-merging,bad-arguments,unknown-tool,truncation,call-order';
    expect(csv.slice(0, 4)).toEqual([
      `submission,score,max,result,reason,${checks}`,
      `'=erin,3,7,crashed,${crashReason},crashed,crashed,crashed,pass,pass,crashed,pass`,
      'alice,7,7,graded,,pass,pass,pass,pass,pass,pass,pass',
      'bob,2,7,graded,,pass,pass,fail,fail,fail,fail,fail',
    ]);
    expect(csv[4]).toMatch(
      // The reason holds commas, so the cell is quoted.
      new RegExp(
        `^carol,6,7,timeout,"${timeoutReason}[^"]*",pass,pass,pass,pass,pass,timeout,pass$`,
      ),
    );
    expect(csv[5]).toMatch(
      /^dave,,,not a lab,"dave is not a lab: it holds notes.txt\. [^"]*",,,,,,,$/,
    );
  });

  it('finds the lab in every form a submission takes: a whole repository, the lab, its src files, a zip of one', async () => {
    const submissions = join(folder.root, 'forms');
    await makeLab({ into: join(submissions, 'repository', 'labs', 'd3') });
    await writeFile(join(submissions, 'repository', 'README.md'), '# my agent\n');
    await makeLab({ into: join(submissions, 'zipped-lab', 'd3') });
    await makeLab({ into: join(submissions, 'zipped-repository', 'agents-d3', 'labs', 'd3') });
    // The edited files alone: put over the starter's src, as both autograders do.
    await cp(join(KIT_ROOT, 'solutions', 'd3', 'src'), join(submissions, 'files'), {
      recursive: true,
    });
    const { exitCode, stdout } = await gradeInProcess(['d3', '--lab', '*', '--seed', '5'], {
      cwd: submissions,
    });
    expect(exitCode).toBe(0);
    for (const submission of ['files', 'repository', 'zipped-lab', 'zipped-repository'])
      expect(stdout).toMatch(new RegExp(`^${submission}\\s+7/7\\s+graded\\s`, 'm'));
    expect(stdout.split('\n').at(-1)).toBe(
      '4 submissions: 4 graded, 0 timed out, 0 crashed, 0 not labs',
    );
  });

  it('grades a submission by its src alone: what else it holds is the starter', async () => {
    const upload = join(folder.root, 'upload');
    await makeLab({ into: join(upload, 'labs', 'd3') });
    // A package.json of the student's own would change how the lab runs; it is not graded.
    await writeFile(join(upload, 'labs', 'd3', 'package.json'), '{ not json');
    const { exitCode, stdout } = await gradeInProcess(['d3', '--submission', upload]);
    expect(stdout.split('\n').at(-1)).toBe('7 passed, 0 failed');
    expect(exitCode).toBe(0);
    const graded = await gradeInProcess(['d3', '--lab', join(upload, 'labs', 'd3')]);
    expect(graded.exitCode).not.toBe(0);
  });

  it('claims no replay by seed when no submission ran a check that failed', async () => {
    const submissions = join(folder.root, 'nothing-ran');
    await makeLab({ into: join(submissions, 'alice') });
    await makeLab({ into: join(submissions, 'frank'), lab: fixtureLab('does-not-compile') });
    await mkdir(join(submissions, 'dave'), { recursive: true });
    const { exitCode, stdout } = await gradeInProcess(['d3', '--lab', '*', '--seed', '5'], {
      cwd: submissions,
    });
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/^frank\s+0\/7\s+crashed\s/m);
    expect(stdout.split('\n').at(-1)).toBe(
      '3 submissions: 1 graded, 0 timed out, 1 crashed, 1 not a lab',
    );
    expect(stdout).not.toContain('seed');
  });

  it('checks the CSV path before grading anything', async () => {
    const { exitCode, stdout, stderr } = await gradeInProcess(
      ['d3', '--lab', '*', '--csv', 'missing/dir/g.csv'],
      { cwd: folder.root },
    );
    expect(exitCode).toBe(2);
    expect(stderr.trim()).toBe(
      '--csv missing/dir/g.csv: the folder missing/dir does not exist; create it or write the file elsewhere.',
    );
    expect(stdout).toBe('');
  });
});

/** `text` as a regular expression that matches exactly it. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
