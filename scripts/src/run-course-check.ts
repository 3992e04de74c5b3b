import { existsSync } from 'node:fs';
import path from 'node:path';
import { COURSE_DAYS, type CourseDay } from './course-days';
import {
  exercisesHaveHints,
  solutionScoresFull,
  starterMatches,
  starterScoresBaseline,
  type Invariant,
} from './course-invariants';
import { listSolutionDays } from './list-solution-days';
import { gradeLab as defaultGradeLab, type GradeLab } from './grade-lab';
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
  return (await listSolutionDays(root)).filter((day) => existsSync(path.join(root, 'labs', day)));
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
  const lab = `labs/${day}`;
  const solution = `solutions/${day}`;
  const results: Invariant[] = [];

  const sync = await syncStarter({ root, day, check: true });
  results.push(starterMatches({ sync, lab, solution, day }));
  for (const directory of [solution, lab]) {
    const typechecked = await typecheck({ root, directory });
    results.push(
      typechecked.ok
        ? { passed: true, summary: `${directory} typechecks`, details: [] }
        : {
            passed: false,
            summary: `${directory} does not typecheck`,
            details: typechecked.error.split('\n'),
          },
    );
  }
  const starterGrade = await gradeLab({ root, day, labDir: lab });
  results.push(starterScoresBaseline({ grade: starterGrade, declared, lab, day }));
  const solutionGrade = await gradeLab({ root, day, labDir: solution });
  results.push(solutionScoresFull({ grade: solutionGrade, declared, solution }));
  if (sync.ok && starterGrade.ok) {
    results.push(
      exercisesHaveHints({ regions: sync.regions, grade: starterGrade.value, solution }),
    );
  }
  return results.map((result) => ({ day, ...result }));
}
