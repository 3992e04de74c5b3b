import { appendFile, chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GradescopeResults } from '@agent-course/grader/gradescope-results';
import { applyFixtureLab, FAULT_LABS, FORGING_LABS } from '@agent-course/grader/testing';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDays, GradeResult } from '@agent-course/course';
import { REPO_ROOT } from '../repo-root';
import { Classroom50Result } from './classroom50-result';
import { type AssignmentFile, writeBundle } from './write-bundle';

// Each case installs or grades in child processes; a busy two-core machine can take minutes.
const CASE_TIMEOUT_MS = 600_000;
// A draft day's solution does not score full marks yet, so its autograders are tried once it is released.
const manifests = (await findDays({ root: REPO_ROOT, parent: 'solutions' })).flatMap(
  ({ manifest }) => (manifest.ok && !manifest.value.draft ? [manifest.value] : []),
);
const days = manifests.map((manifest) => manifest.id);

const starterScore = (_max: number, day: string) =>
  manifests.find((manifest) => manifest.id === day)!.starterScore;

/** The submissions every autograder must turn into a valid result, each with its score. */
const SUBMISSIONS: Array<{
  name: string;
  from: string | undefined;
  /** A line added to the end of src/index.ts, after which the lab no longer compiles. */
  breaks?: string;
  /**
   * Whether the test also checks that the student is told why each check failed, as `pnpm grade`
   * tells them: expected, got, the hint, the compile error and the seed.
   */
  explained?: true;
  /**
   * An attack on the grader from grader/src/__fixtures__/forging-labs.ts, made on the starter: its
   * score may be below `score` (the attack may break the lab) but never above it.
   */
  forge?: string;
  /** A lab from grader/src/__fixtures__/fault-labs.ts (written for day 3), made on the solution. */
  fault?: string;
  /** The days it is tried on, when not every day. */
  days?: string[];
  score: (max: number, day: string) => number;
}> = [
  { name: 'solution', from: 'solutions', score: (max: number) => max },
  { name: 'untouched starter', from: 'labs', score: starterScore, explained: true },
  {
    name: 'lab that does not compile',
    from: 'labs',
    breaks: 'export const unfinished = ;',
    score: () => 0,
    explained: true,
  },
  { name: 'empty submission', from: undefined, score: () => 0 },
  // Spins as it is imported: every check is stopped at the class's limit and the grade still ends.
  {
    name: 'lab that hangs as it loads',
    from: 'solutions',
    fault: 'hangs-at-import',
    days: ['d3'],
    score: () => 0,
  },
  // Every attack on the grader, through both autograders as root: none may beat the starter.
  ...[...new Set(FORGING_LABS.map((lab) => lab.attack))].map((attack) => ({
    name: `starter forging by ${attack}`,
    from: 'labs',
    forge: attack,
    // An attack aimed at one day's checks is made on that day only.
    days: FORGING_LABS.filter((lab) => lab.attack === attack).map((lab) => lab.day),
    score: starterScore,
  })),
];

/** The visibility the dry run's Gradescope bundle is built with: not the default, so it shows. */
const GRADESCOPE_VISIBILITY = 'after_due_date';

let scratch = '';
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'course-dry-run-'));
  // As root the grader runs student code as nobody, who must be able to reach the bundles.
  await chmod(scratch, 0o755);
});
afterAll(() => rm(scratch, { recursive: true, force: true, maxRetries: 2 }));

/** A student's repository holding `from/<day>/src` as labs/<day>/src, committed, or nothing at all. */
async function makeCheckout({
  day,
  from,
  breaks,
  forge,
  fault,
  into,
}: {
  day: string;
  from: string | undefined;
  breaks?: string;
  forge?: string;
  fault?: string;
  into: string;
}) {
  await mkdir(into, { recursive: true });
  if (from) {
    await cp(path.join(REPO_ROOT, from, day, 'src'), path.join(into, 'labs', day, 'src'), {
      recursive: true,
    });
  }
  if (breaks) await appendFile(path.join(into, 'labs', day, 'src', 'index.ts'), `\n${breaks}\n`);
  if (forge) {
    const lab = FORGING_LABS.find((forging) => forging.attack === forge && forging.day === day);
    if (!lab) throw new Error(`no forging lab ${forge} for ${day} in grader/src/__fixtures__`);
    await applyFixtureLab({ root: path.join(into, 'labs', day), lab });
  }
  if (fault) {
    const lab = FAULT_LABS.find((candidate) => candidate.name === fault);
    if (!lab) throw new Error(`no fault lab ${fault} in grader/src/__fixtures__/fault-labs.ts`);
    await applyFixtureLab({ root: path.join(into, 'labs', day), lab });
  }
  const git = (args: string[]) => execa('git', args, { cwd: into });
  const commit = (args: string[]) =>
    git([
      '-c',
      'user.email=student@example.com',
      '-c',
      'user.name=student',
      'commit',
      '-q',
      ...args,
    ]);
  await git(['init', '-q']);
  await commit(['--allow-empty', '-m', 'accept']);
  if (from) {
    await git(['add', '-A']);
    await commit(['-m', 'work']);
  }
}

/**
 * What a student reads on Classroom 50 once its runner has published a grade. The Release's body is
 * the `release-body.md` the autograder left in the checkout, or else a PASS/FAIL table the runner
 * renders from result.json, which shows no test's `message`: runner.py's `finalize_result` and
 * `render_release_body` (foundation50/classroom50, cli/gh-teacher/skeleton/dotgithub/scripts/runner.py;
 * the wiki's Advanced-Autograding page, "Contract": "Optionally ./release-body.md ... the runner
 * synthesizes them from result.json if absent"). The job's log is what the autograder printed: the
 * runner starts it without capturing its output (`run_entrypoint`).
 */
async function publishedByClassroom50({
  checkout,
  result,
  printed,
}: {
  checkout: string;
  result: Classroom50Result;
  printed: string;
}): Promise<{ releaseBody: string; log: string }> {
  const written = await readFile(path.join(checkout, 'release-body.md'), 'utf8').catch(
    () => undefined,
  );
  const table = [
    `### classroom50 autograde: ${result.score}/${result['max-score']}`,
    '',
    '| Test | Result | Score |',
    '|---|---|---|',
    ...result.tests.map(
      (test) =>
        `| ${test['test-name'].replaceAll('|', '\\|')} | ${test.passed ? 'PASS' : 'FAIL'} | ${test.score} / ${test['max-score']} |`,
    ),
  ].join('\n');
  return { releaseBody: written ?? table, log: printed };
}

/**
 * What a student reads of one Gradescope test: its `output`, once its `visibility` (its own, else
 * the top-level one) lets them, which for every value but `hidden` it does in the end
 * (gradescope/autograder_samples docs/specs.md, "Output format" and "Controlling Test Case
 * Visibility"; what run_autograder prints goes to the instructor only).
 */
function seenOnGradescope(results: GradescopeResults, name: string): string {
  const test = results.tests.find((candidate) => candidate.name === name);
  return results.visibility === 'hidden' ? '' : (test?.output ?? '');
}

/**
 * The grade `pnpm grade` gives the same lab with the same seed: what the student must be shown.
 * A lab with a `breaks` line is graded from a copy of the kit's lab with that line added.
 */
async function gradeAsPnpmGrade({
  day,
  submission,
  seed,
}: {
  day: string;
  submission: (typeof SUBMISSIONS)[number];
  seed: number | undefined;
}): Promise<GradeResult> {
  let lab = path.join(REPO_ROOT, submission.from!, day);
  if (submission.breaks) {
    lab = path.join(scratch, day, 'broken-lab');
    await rm(lab, { recursive: true, force: true });
    await cp(path.join(REPO_ROOT, submission.from!, day), lab, {
      recursive: true,
      filter: (source) => !source.includes('node_modules'),
    });
    await appendFile(path.join(lab, 'src', 'index.ts'), `\n${submission.breaks}\n`);
  }
  const graded = await execa(
    'node',
    [
      'grader/src/grade-command.mjs',
      day,
      '--lab',
      lab,
      '--json',
      ...(seed === undefined ? [] : ['--seed', String(seed)]),
    ],
    { cwd: REPO_ROOT, reject: false },
  );
  return GradeResult.parse(JSON.parse(graded.stdout));
}

/** The seed a student was shown, as `--seed N` or `seed N`. */
function shownSeed(text: string): number | undefined {
  const found = /seed (\d+)/.exec(text);
  return found ? Number(found[1]) : undefined;
}

/**
 * Expects `shown` to tell the student, for the check `check` of `grade`, what `pnpm grade` tells
 * them: each line of the reason (expected and got), the hint, and when it did not compile, the error.
 */
function expectExplains({
  shown,
  grade,
  where,
}: {
  shown: string;
  grade: GradeResult;
  where: string;
}) {
  for (const check of grade.checks.filter((candidate) => candidate.status !== 'pass')) {
    for (const line of check.message.split('\n'))
      expect(shown, `${where}: ${check.id}`).toContain(line);
    if (check.hint) expect(shown, `${where}: ${check.id}`).toContain(check.hint);
  }
  for (const problem of grade.compileError?.problems ?? []) expect(shown, where).toContain(problem);
  if (grade.seed !== undefined && !grade.compileError)
    expect(shown, where).toContain(String(grade.seed));
}

/** The score a submission must get: exactly its own, or for a forging one at most the starter's. */
function expectScore({
  submission,
  score,
  expected,
  failures,
}: {
  submission: (typeof SUBMISSIONS)[number];
  score: number;
  expected: number;
  failures: unknown[];
}) {
  if (submission.forge) expect(score, JSON.stringify(failures)).toBeLessThanOrEqual(expected);
  else expect(score, JSON.stringify(failures)).toBe(expected);
}

describe.each(days)('the autograders of %s, run locally', (day) => {
  let classroom50 = '';
  let gradescope = '';
  let assignment: AssignmentFile;

  beforeAll(async () => {
    classroom50 = path.join(scratch, day, 'classroom50');
    gradescope = path.join(scratch, day, 'gradescope', 'source');
    // Compared whole, so a refusal's error shows in the failure.
    expect(
      await writeBundle({ root: REPO_ROOT, day, kind: 'classroom50', out: classroom50 }),
    ).toEqual({ ok: true, files: expect.any(Number) });
    expect(
      await writeBundle({
        root: REPO_ROOT,
        day,
        kind: 'gradescope',
        out: gradescope,
        visibility: GRADESCOPE_VISIBILITY,
      }),
    ).toEqual({ ok: true, files: expect.any(Number) });
    assignment = JSON.parse(await readFile(path.join(classroom50, 'assignment.json'), 'utf8'));
    // What setup.sh does on Gradescope after installing Node and pnpm.
    await execa('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], {
      cwd: path.join(gradescope, 'kit'),
    });
    await execa('chmod', ['-R', 'a+rX', gradescope]);
  }, CASE_TIMEOUT_MS);

  it.each(SUBMISSIONS.filter((submission) => submission.days?.includes(day) ?? true))(
    'Classroom 50: the $name gets a valid result.json with its score',
    async (submission) => {
      const checkout = path.join(scratch, day, 'checkouts', submission.name.replaceAll(' ', '-'));
      await makeCheckout({ day, ...submission, into: checkout });
      const ran = await execa('python3', [path.join(classroom50, 'autograder.py')], {
        cwd: checkout,
        env: {
          CLASSROOM: 'agents-2026',
          ASSIGNMENT: `day-${day}`,
          SUBMISSION_TAG: 'submit/2026-11-30T10-00-00Z-abc1234',
          COMMIT_URL: 'https://github.com/agents-2026/day-student/commit/abc1234',
          RELEASE_URL: 'https://github.com/agents-2026/day-student/releases/tag/submit%2Fx',
        },
        reject: false,
      });
      expect(ran.exitCode, ran.stderr).toBe(0);
      const result = Classroom50Result.parse(
        JSON.parse(await readFile(path.join(checkout, 'result.json'), 'utf8')),
      );
      const max = assignment.checks.length;
      expect(result['max-score']).toBe(max);
      const failures = result.tests.filter((test) => !test.passed).map((test) => test.message);
      expectScore({
        submission,
        score: result.score,
        expected: submission.score(max, day),
        failures,
      });
      expect(result.tests.map((test) => test['test-name'].split(':')[0])).toEqual(
        assignment.checks.map((check) => check.id),
      );
      // Each named once: "tool-schemas: verb_noun names...", never "tool-schemas: tool schemas: ...".
      expect(result.tests.map((test) => test['test-name'])).toEqual(
        assignment.checks.map((check) => check.name),
      );
      if (!submission.explained) return;
      const { releaseBody, log } = await publishedByClassroom50({
        checkout,
        result,
        printed: ran.stdout,
      });
      const grade = await gradeAsPnpmGrade({ day, submission, seed: shownSeed(releaseBody) });
      expectExplains({ shown: releaseBody, grade, where: 'the release body' });
      expectExplains({ shown: log, grade, where: "the autograder's log" });
    },
    CASE_TIMEOUT_MS,
  );

  it.each([
    { form: 'the lab folder, zipped with its folder', into: (day: string) => day, lab: true },
    { form: 'the src files alone', into: () => '', lab: false },
  ])(
    'Gradescope: the solution uploaded as $form is found and scores full marks',
    async ({ into, lab }) => {
      const layout = path.dirname(gradescope);
      const submission = path.join(layout, 'submission');
      await rm(submission, { recursive: true, force: true });
      await rm(path.join(layout, 'results'), { recursive: true, force: true });
      const folder = path.join(submission, into(day));
      const solution = path.join(REPO_ROOT, 'solutions', day);
      await cp(path.join(solution, 'src'), lab ? path.join(folder, 'src') : folder, {
        recursive: true,
      });
      if (lab) await cp(path.join(solution, 'package.json'), path.join(folder, 'package.json'));
      const ran = await execa(path.join(gradescope, 'run_autograder'), [], {
        env: { AUTOGRADER: layout },
        reject: false,
      });
      expect(ran.exitCode, ran.stderr).toBe(0);
      const results = GradescopeResults.parse(
        JSON.parse(await readFile(path.join(layout, 'results', 'results.json'), 'utf8')),
      );
      expect(results.score, JSON.stringify(results.tests)).toBe(assignment.checks.length);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'Gradescope: an upload that holds no lab fails every check, saying what it holds and what was expected',
    async () => {
      const layout = path.dirname(gradescope);
      const submission = path.join(layout, 'submission');
      await rm(submission, { recursive: true, force: true });
      await rm(path.join(layout, 'results'), { recursive: true, force: true });
      await mkdir(submission, { recursive: true });
      await writeFile(path.join(submission, 'notes.txt'), 'my answers\n');
      const ran = await execa(path.join(gradescope, 'run_autograder'), [], {
        env: { AUTOGRADER: layout },
        reject: false,
      });
      expect(ran.exitCode, ran.stderr).toBe(0);
      const results = GradescopeResults.parse(
        JSON.parse(await readFile(path.join(layout, 'results', 'results.json'), 'utf8')),
      );
      expect(results.score).toBe(0);
      expect(results.tests).toHaveLength(assignment.checks.length);
      for (const test of results.tests)
        expect(test.output).toMatch(
          new RegExp(
            `^submission is not a lab: it holds notes.txt\\. Expected a student repository \\(labs/${day}/src/index.ts\\)`,
          ),
        );
    },
    CASE_TIMEOUT_MS,
  );

  it.each(SUBMISSIONS.filter((submission) => submission.days?.includes(day) ?? true))(
    'Gradescope: the $name gets a valid results.json with its score',
    async (submission) => {
      const layout = path.dirname(gradescope);
      await rm(path.join(layout, 'submission'), { recursive: true, force: true });
      await rm(path.join(layout, 'results'), { recursive: true, force: true });
      await makeCheckout({ day, ...submission, into: path.join(layout, 'submission') });
      const ran = await execa(path.join(gradescope, 'run_autograder'), [], {
        env: { AUTOGRADER: layout },
        reject: false,
      });
      expect(ran.exitCode, ran.stderr).toBe(0);
      const results = GradescopeResults.parse(
        JSON.parse(await readFile(path.join(layout, 'results', 'results.json'), 'utf8')),
      );
      const max = assignment.checks.length;
      expect(results.max_score).toBe(max);
      expect(results.visibility).toBe(GRADESCOPE_VISIBILITY);
      const failures = results.tests
        .filter((test) => test.status !== 'passed')
        .map((test) => test.output);
      expectScore({
        submission,
        score: results.score,
        expected: submission.score(max, day),
        failures,
      });
      expect(results.tests.map((test) => test.name)).toEqual(
        assignment.checks.map((check) => check.name),
      );
      if (!submission.explained) return;
      const failed = results.tests.filter((test) => test.status !== 'passed');
      const grade = await gradeAsPnpmGrade({
        day,
        submission,
        seed: shownSeed(failed.map((test) => test.output).join('\n')),
      });
      for (const test of failed) {
        expectExplains({
          shown: seenOnGradescope(results, test.name),
          grade: {
            ...grade,
            checks: grade.checks.filter((check) => test.name.startsWith(`${check.id}:`)),
          },
          where: `Gradescope's output of ${test.name}`,
        });
      }
    },
    CASE_TIMEOUT_MS,
  );
});
