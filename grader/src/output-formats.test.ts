import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { Classroom50Report } from './reporting/classroom50-report';
import { GradescopeResults } from './reporting/gradescope-results';
import { USAGE_LINE } from './command-line/usage';
import { KIT_ROOT } from './beside-lab/kit-paths';
import { createLabFolder, fixtureLab, gradeInProcess, makeLab, runGrader } from './test-helpers';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

describe('pnpm grade d3 output', () => {
  it('--json matches the GradeResult schema (the full 7/7 on a solution copy is in batch.test.ts)', async () => {
    const { exitCode, stdout } = await gradeInProcess([
      'd3',
      '--solution',
      '--json',
      '--only',
      'fragment-merging',
    ]);
    const result = GradeResult.parse(JSON.parse(stdout));
    expect(result).toMatchObject({ day: 'd3', lab: 'solutions/d3', score: 1, max: 1 });
    expect(result.checks).toEqual([
      { id: 'fragment-merging', title: expect.any(String), status: 'pass', message: '', hint: '' },
    ]);
    expect(exitCode).toBe(0);
  });

  it('grades the lab its own script names, wherever inside it the student typed', async () => {
    // `pnpm grade d3` typed in labs/d3/src: pnpm runs the lab's script in labs/d3 with `--lab .`.
    const labDir = join(KIT_ROOT, 'labs', 'd3');
    const { stdout } = await gradeInProcess(
      ['d3', '--lab', '.', 'd3', '--json', '--only', 'fragment-merging'],
      { cwd: labDir, typedIn: join(labDir, 'src') },
    );
    expect(GradeResult.parse(JSON.parse(stdout))).toMatchObject({ day: 'd3', max: 1 });
  });

  it("inside labs/d3, names d4's lab as typed there, and the command it suggests grades it", async () => {
    // `pnpm grade --lab ../../d4` typed in labs/d3/src: the path is read from where it was typed.
    const labDir = join(KIT_ROOT, 'labs', 'd3');
    const typedIn = join(labDir, 'src');
    const refused = await gradeInProcess(['d3', '--lab', '.', '--lab', '../../d4'], {
      cwd: labDir,
      typedIn,
    });
    expect(refused.exitCode).toBe(2);
    const suggested = /type: pnpm grade (.*)$/.exec(refused.stderr.trim())?.[1];
    expect(suggested).toBe('d4 --lab ../../d4');
    const followed = await gradeInProcess(
      ['d3', '--lab', '.', ...suggested!.split(' '), '--json', '--only', 'no-match'],
      { cwd: labDir, typedIn },
    );
    expect(followed.stderr).toBe('');
    // Named as the kit names it, not as a machine path.
    expect(GradeResult.parse(JSON.parse(followed.stdout))).toMatchObject({
      day: 'd4',
      lab: 'labs/d4',
      max: 1,
    });
  });

  it('--format gradescope matches the Gradescope results.json schema', async () => {
    const lab = await makeLab({
      into: join(folder.root, 'head-only'),
      lab: fixtureLab('head-only-truncation'),
    });
    const { stdout } = await gradeInProcess([
      'd3',
      '--lab',
      lab,
      '--only',
      'truncation',
      '--format',
      'gradescope',
    ]);
    const results = GradescopeResults.parse(JSON.parse(stdout));
    expect(results).toMatchObject({
      score: 0,
      max_score: 1,
      tests: [{ status: 'failed', score: 0, max_score: 1 }],
    });
    expect(results.tests[0]?.output).toContain('hint: src/truncate-result.ts, TODO(3)');
  });

  it('--format classroom50 quotes the text report in the log and the Release body, and explains each test', async () => {
    const lab = await makeLab({
      into: join(folder.root, 'head-only-classroom50'),
      lab: fixtureLab('head-only-truncation'),
    });
    const args = ['d3', '--lab', lab, '--only', 'truncation', '--seed', '17'];
    const text = await gradeInProcess(args);
    const { stdout } = await gradeInProcess([...args, '--format', 'classroom50']);
    const report = Classroom50Report.parse(JSON.parse(stdout));
    expect(report).toMatchObject({ score: 0, max: 1, log: `${text.stdout}\n` });
    expect(report.releaseBody).toContain(text.stdout.trimEnd());
    expect(report.releaseBody).toContain('| truncation: ');
    expect(report.tests).toEqual([
      expect.objectContaining({ passed: false, score: 0, 'max-score': 1 }),
    ]);
    expect(report.tests[0]!.message).toContain('hint: src/truncate-result.ts, TODO(3)');
    expect(report.tests[0]!.message).toContain('`pnpm grade d3 --seed 17` in your repository');
  });

  it('prints the same text every time for one seed, with no temporary paths, and ends with the tally', async () => {
    const lab = await makeLab({
      into: join(folder.root, 'loose-schema'),
      lab: fixtureLab('undescribed-loose-schema'),
    });
    const args = ['d3', '--lab', lab, '--only', 'tool-schemas', '--verbose', '--seed', '17'];
    const [first, second] = await Promise.all([gradeInProcess(args), gradeInProcess(args)]);
    expect(first.stdout).toBe(second.stdout);
    expect(first.stdout).not.toMatch(/agent-course-(lab|check|results)-/);
    expect(first.stdout).toContain('✗ tool-schemas');
    expect(first.stdout).toContain('hint: src/tools/glob.ts');
    expect(first.stdout).toContain('add --seed 17 to grade with the same ones again');
    expect(first.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
    expect(first.exitCode).toBe(1);
  });
});

describe('pnpm grade d3 command line', () => {
  it.each([
    [['d9'], /There is no day "d9" to grade; available: (d\d+, )*d3\b/],
    [['d3', '--only', 'nope'], /There is no check "nope" in d3; use one of: tool-schemas/],
    [[], /Say which day to grade/],
  ])('%j is refused in one sentence with exit code 2', async (args, message) => {
    const { exitCode, stderr, stdout } = await gradeInProcess(args);
    expect(exitCode).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stdout).toBe('');
  });

  it('answers an unknown option with one sentence and the usage line', async () => {
    const { exitCode, stderr, stdout } = await gradeInProcess(['d3', '--frobnicate']);
    expect(exitCode).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      'There is no option --frobnicate; `pnpm grade --help` lists them.',
      USAGE_LINE,
    ]);
    expect(stdout).toBe('');
  });

  it('says a folder is not a lab, without a stack trace', async () => {
    const { exitCode, stderr } = await gradeInProcess(['d3', '--lab', folder.root]);
    expect(exitCode).toBe(2);
    expect(stderr).toMatch(
      /is not a lab: it holds .*\. Expected a student repository \(labs\/d3\/src\/index.ts\)/,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses another day's lab, saying whose it is and the command that grades it", async () => {
    const { exitCode, stderr } = await gradeInProcess(['d3', '--lab', 'labs/d4']);
    expect(exitCode).toBe(2);
    expect(stderr.trim()).toBe(
      "labs/d4 is d4's lab (its package.json is @agent-course/d4-lab), not d3's, so d3's checks cannot grade it. To grade it as d4, type: pnpm grade d4 --lab labs/d4",
    );
  });

  // Through the whole command: grade-command.mjs hands main the process's command line and streams.
  it('--help shows the usage', async () => {
    const { exitCode, stdout } = await runGrader(['--help']);
    expect(exitCode).toBe(0);
    expect(stdout.split('\n')[0]).toBe(USAGE_LINE);
  });
});
