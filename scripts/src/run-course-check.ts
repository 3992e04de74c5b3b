import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { COURSE_DAYS, type CourseDay } from './course-days';
import { gradeLab as defaultGradeLab, type GradeLab, type GraderReport } from './grade-lab';
import { syncStarter } from './sync-starter';
import { typecheckPackage as defaultTypecheck, type TypecheckPackage } from './typecheck-package';

/** One verified invariant of one day. */
export interface InvariantResult {
  /** The day, e.g. `d3`. */
  day: string;
  /** Whether the invariant holds. */
  passed: boolean;
  /** One line saying what was verified (or what was wrong). */
  summary: string;
  /** Further lines for a failure: the files, the output, the next step. */
  details: string[];
}

/** What the course check needs; tests swap the child processes for fakes. */
export interface CourseCheckOptions {
  /** The repository root. */
  root: string;
  /** Only these days (all days present when omitted). */
  days?: string[];
  /** Declared baselines; COURSE_DAYS unless a test passes its own. */
  courseDays?: Record<string, CourseDay>;
  /** Grades a package; the real grader by default. */
  gradeLab?: GradeLab;
  /** Typechecks a package; the workspace's tsc by default. */
  typecheckPackage?: TypecheckPackage;
}

/** Days with both solutions/dN and labs/dN, in day order. */
export async function findCourseDays(root: string): Promise<string[]> {
  const entries = await readdir(path.join(root, 'solutions'), { withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isDirectory() && /^d\d+$/.test(entry.name))
    .map((entry) => entry.name)
    .filter((day) => existsSync(path.join(root, 'labs', day)))
    .sort((left, right) => Number(left.slice(1)) - Number(right.slice(1)));
}

/**
 * The instructor's guarantees, day by day: the starter is exactly what the solution generates,
 * it scores its declared baseline, the solution scores full marks, every exercise has a hint
 * that names its TODO, and both packages typecheck.
 */
export async function runCourseCheck(options: CourseCheckOptions): Promise<InvariantResult[]> {
  const { root } = options;
  const days = options.days ?? (await findCourseDays(root));
  const results: InvariantResult[] = [];
  for (const day of days) {
    results.push(...(await checkDay({ ...options, day })));
  }
  return results;
}

async function checkDay(options: CourseCheckOptions & { day: string }): Promise<InvariantResult[]> {
  const { root, day } = options;
  const gradeLab = options.gradeLab ?? defaultGradeLab;
  const typecheck = options.typecheckPackage ?? defaultTypecheck;
  const declared = (options.courseDays ?? COURSE_DAYS)[day];
  const results: InvariantResult[] = [];
  const record = (passed: boolean, summary: string, details: string[] = []) =>
    results.push({ day, passed, summary, details });
  const lab = `labs/${day}`;
  const solution = `solutions/${day}`;

  const sync = await syncStarter({ root, day, check: true });
  if (!sync.ok) {
    const details = sync.problems.map(
      (problem) => `${problem.path}:${problem.line}: ${problem.reason}`,
    );
    record(false, `${solution} has marker problems`, details);
  } else if (sync.plan.differences.length > 0) {
    const details = [
      ...sync.plan.differences.map(({ message }) => message),
      `run \`pnpm starter ${day}\``,
    ];
    record(false, `${lab} differs from its generated form`, details);
  } else {
    record(true, `${lab} equals its generated form`);
  }

  for (const directory of [solution, lab]) {
    const typechecked = await typecheck({ root, directory });
    if (typechecked.ok) record(true, `${directory} typechecks`);
    else record(false, `${directory} does not typecheck`, typechecked.error.split('\n'));
  }

  const starterGrade = await gradeLab({ root, day, labDir: lab });
  if (!starterGrade.ok) {
    record(false, `${lab} could not be graded`, [starterGrade.error]);
  } else if (!declared) {
    record(false, `${lab} scores ${score(starterGrade.value)}, but no baseline is declared`, [
      `add \`${day}: { starterScore: ${starterGrade.value.score}, max: ${starterGrade.value.max} }\` to scripts/src/course-days.ts`,
    ]);
  } else {
    const expected = `${declared.starterScore}/${declared.max}`;
    const matches = score(starterGrade.value) === expected;
    record(
      matches,
      matches
        ? `${lab} scores its baseline ${expected}`
        : `${lab} scores ${score(starterGrade.value)}, declared baseline ${expected}`,
      matches
        ? []
        : [
            'fix the starter, or the baseline in scripts/src/course-days.ts if the change was meant',
          ],
    );
  }

  const solutionGrade = await gradeLab({ root, day, labDir: solution });
  if (!solutionGrade.ok) {
    record(false, `${solution} could not be graded`, [solutionGrade.error]);
  } else {
    const { value } = solutionGrade;
    const full =
      value.max > 0 && value.score === value.max && (!declared || value.max === declared.max);
    const failing = value.checks
      .filter((check) => check.status !== 'pass')
      .map((check) => check.id);
    record(
      full,
      full
        ? `${solution} scores full marks ${score(value)}`
        : `${solution} scores ${score(value)}, not full marks`,
      failing.length > 0 ? [`failing checks: ${failing.join(', ')}`] : [],
    );
  }

  if (sync.ok && starterGrade.ok) {
    const hints = starterGrade.value.checks
      .filter((check) => check.status !== 'pass')
      .map((check) => check.hint)
      .join('\n');
    const unhinted = sync.regions.filter(
      (region) => !new RegExp(`TODO\\(${region.number}\\)`).test(hints),
    );
    const numbers = sync.regions.map((region) => `TODO(${region.number})`).join(', ');
    if (sync.regions.length === 0) {
      record(false, `${solution} has no exercise regions`, [
        'mark each exercise with `// #region exercise N: …`',
      ]);
    } else if (unhinted.length === 0) {
      record(true, `failing checks' hints name ${numbers}`);
    } else {
      record(
        false,
        `no failing check's hint names ${unhinted.map((region) => `TODO(${region.number})`).join(', ')}`,
        unhinted.map(
          (region) =>
            `exercise ${region.number} (${region.path}:${region.line}) needs a check that fails on the starter with a hint naming TODO(${region.number})`,
        ),
      );
    }
  }
  return results;
}

function score(report: GraderReport): string {
  return `${report.score}/${report.max}`;
}
