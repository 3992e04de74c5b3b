import { chmod, cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GradescopeResults } from '@agent-course/grader/gradescope-results';
import { applyFixtureLab, FORGING_LABS } from '@agent-course/grader/testing';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDays } from '@agent-course/course';
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
  /**
   * An attack on the grader from grader/src/__fixtures__/forging-labs.ts, made on the starter: its
   * score may be below `score` (the attack may break the lab) but never above it.
   */
  forge?: string;
  score: (max: number, day: string) => number;
}> = [
  { name: 'solution', from: 'solutions', score: (max: number) => max },
  { name: 'untouched starter', from: 'labs', score: starterScore },
  { name: 'empty submission', from: undefined, score: () => 0 },
  // Every attack on the grader, through both autograders as root: none may beat the starter.
  ...[...new Set(FORGING_LABS.map((lab) => lab.attack))].map((attack) => ({
    name: `starter forging by ${attack}`,
    from: 'labs',
    forge: attack,
    score: starterScore,
  })),
];

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
  forge,
  into,
}: {
  day: string;
  from: string | undefined;
  forge?: string;
  into: string;
}) {
  await mkdir(into, { recursive: true });
  if (from) {
    await cp(path.join(REPO_ROOT, from, day, 'src'), path.join(into, 'labs', day, 'src'), {
      recursive: true,
    });
  }
  if (forge) {
    const lab = FORGING_LABS.find((forging) => forging.attack === forge && forging.day === day);
    if (!lab) throw new Error(`no forging lab ${forge} for ${day} in grader/src/__fixtures__`);
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
    expect(
      await writeBundle({ root: REPO_ROOT, day, kind: 'classroom50', out: classroom50 }),
    ).toMatchObject({ ok: true });
    expect(
      await writeBundle({ root: REPO_ROOT, day, kind: 'gradescope', out: gradescope }),
    ).toMatchObject({ ok: true });
    assignment = JSON.parse(await readFile(path.join(classroom50, 'assignment.json'), 'utf8'));
    // What setup.sh does on Gradescope after installing Node and pnpm.
    await execa('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], {
      cwd: path.join(gradescope, 'kit'),
    });
    await execa('chmod', ['-R', 'a+rX', gradescope]);
  }, CASE_TIMEOUT_MS);

  it.each(SUBMISSIONS)(
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
    },
    CASE_TIMEOUT_MS,
  );

  it.each(SUBMISSIONS)(
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
      const failures = results.tests
        .filter((test) => test.status !== 'passed')
        .map((test) => test.output);
      expectScore({
        submission,
        score: results.score,
        expected: submission.score(max, day),
        failures,
      });
      expect(results.tests).toHaveLength(max);
    },
    CASE_TIMEOUT_MS,
  );
});
