import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DayManifest } from '@agent-course/course';
import {
  buildsOnMatchesDependencies,
  everyExerciseIsChecked,
  finishedPackageMatches,
  exercisesHaveHints,
  exercisesHaveTranslations,
  solutionScoresFull,
  startRunsManifestEntry,
  starterMatches,
  starterScoresBaseline,
  type Invariant,
} from './course-invariants';
import { checkFigures, type RunOffline } from './check-figures';
import { checkOwnEarlierDay } from './check-own-earlier-day';
import { SCAFFOLD_PHRASES } from './day-templates';
import { FINISHED_PACKAGES } from './finished-packages';
import { listSolutionDays } from './list-solution-days';
import { runGrader as defaultRunGrader, type RunGrader } from './run-grader';
import { syncFinishedPackage } from './sync-finished-package';
import { syncStarter } from './sync-starter';
import { typecheckPackage as defaultTypecheck, type TypecheckPackage } from './typecheck-package';

/** One verified invariant of one day. */
export interface InvariantResult {
  /** The day, e.g. `d3`. */
  day: string;
  /** Whether the invariant holds. */
  passed: boolean;
  /** Set on the line that reports a draft day: reported, not failed, unless the check is for a release. */
  draft?: true;
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
  /** A release: a draft day fails instead of being reported. */
  release?: boolean;
  /** Grades a package; the real grader by default. */
  runGrader?: RunGrader;
  /** Typechecks a package; the workspace's tsc by default. */
  typecheckPackage?: TypecheckPackage;
  /** Runs a solution offline for its figures; `MOCK=1 pnpm start` by default. */
  runOffline?: RunOffline;
}

/** Days with both solutions/dN and labs/dN, in day order. */
export async function findCourseDays(root: string): Promise<string[]> {
  return (await listSolutionDays(root)).filter((day) => existsSync(path.join(root, 'labs', day)));
}

/**
 * The instructor's guarantees, day by day, against the day's manifest (solutions/dN/day.ts): the
 * starter is exactly what the solution generates, its lesson pages show the manifest's exercises,
 * both packages typecheck, the starter scores the manifest's baseline, the solution scores full
 * marks, the pages' figures are what the solution measures, and every exercise has a check whose
 * hint, failing on the starter, names its TODO. A draft day is held to what a day being written
 * can keep (it generates and typechecks); its scores and figures wait until it is released.
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
  const runGrader = options.runGrader ?? defaultRunGrader;
  const typecheck = options.typecheckPackage ?? defaultTypecheck;
  const lab = `labs/${day}`;
  const solution = `solutions/${day}`;
  const results: Invariant[] = [];

  const sync = await syncStarter({ root, day, check: true });
  results.push(starterMatches({ sync, lab, solution, day }));
  for (const finished of FINISHED_PACKAGES.filter((candidate) => candidate.day === day)) {
    const synced = await syncFinishedPackage({ root, finished, check: true });
    results.push(
      finishedPackageMatches({ sync: synced, directory: finished.directory, solution, day }),
    );
  }
  if (!sync.ok) return results.map((result) => ({ day, ...result }));
  const { manifest } = sync;
  for (const stale of sync.stalePages) {
    results.push({ passed: false, summary: `${stale.path} ${stale.reason}`, details: [] });
  }
  if (sync.stalePages.length === 0) {
    const summary = `the lesson pages' exercise tables and figures match ${solution}/day.ts`;
    results.push({ passed: true, summary, details: [] });
  }
  results.push(everyExerciseIsChecked({ manifest, solution }));
  const packageJson = await readFile(path.join(root, solution, 'package.json'), 'utf8');
  results.push(startRunsManifestEntry({ manifest, solution, packageJson }));
  results.push(buildsOnMatchesDependencies({ manifest, solution, packageJson }));
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
  if (manifest.draft) {
    results.push(draftLine({ manifest, solution, release: options.release ?? false }));
    return results.map((result) => ({ day, ...result }));
  }
  results.push(await noScaffoldLeft({ root, solution, lab }));
  const chinesePages = [solution, lab]
    .map((folder) => `${folder}/README.zh-CN.md`)
    .filter((page) => existsSync(path.join(root, page)));
  if (chinesePages.length > 0) {
    results.push(exercisesHaveTranslations({ manifest, solution, pages: chinesePages }));
  }
  const starterGrade = await runGrader({ root, day, labDir: lab });
  results.push(starterScoresBaseline({ grade: starterGrade, manifest, lab, solution }));
  const solutionGrade = await runGrader({ root, day, labDir: solution });
  results.push(solutionScoresFull({ grade: solutionGrade, manifest, solution }));
  results.push(await checkFigures({ root, solution, manifest, run: options.runOffline }));
  for (const earlier of manifest.buildsOn ?? []) {
    results.push(await checkOwnEarlierDay({ root, manifest, earlier, runGrader }));
  }
  if (starterGrade.ok) {
    results.push(
      exercisesHaveHints({ regions: sync.regions, grade: starterGrade.value, solution }),
    );
  }
  return results.map((result) => ({ day, ...result }));
}

/** A released day keeps none of `pnpm new-day`'s placeholder words in what students and tools read. */
async function noScaffoldLeft({
  root,
  solution,
  lab,
}: {
  root: string;
  solution: string;
  lab: string;
}): Promise<Invariant> {
  const files = [
    `${solution}/day.ts`,
    `${solution}/package.json`,
    `${solution}/README.md`,
    `${lab}/README.md`,
    `${solution}/README.zh-CN.md`,
    `${lab}/README.zh-CN.md`,
  ];
  const details: string[] = [];
  for (const file of files) {
    const text = await readFile(path.join(root, file), 'utf8').catch(() => '');
    for (const phrase of SCAFFOLD_PHRASES) {
      if (text.includes(phrase))
        details.push(`${file} still says "${phrase}"; write the day's own words`);
    }
  }
  return details.length === 0
    ? { passed: true, summary: 'no placeholder words of pnpm new-day are left', details }
    : {
        passed: false,
        summary: `${solution} still has placeholder words of pnpm new-day`,
        details,
      };
}

/** The line for a draft day: reported, or failed when checking for a release. */
function draftLine({
  manifest,
  solution,
  release,
}: {
  manifest: DayManifest;
  solution: string;
  release: boolean;
}): Invariant {
  const next = `when its checks are written and the solution scores full marks, set \`draft: false\` in ${solution}/day.ts`;
  return release
    ? { passed: false, summary: `${manifest.id} is a draft; a release has none`, details: [next] }
    : {
        passed: true,
        draft: true,
        summary: `${manifest.id} is a draft: scores not checked yet`,
        details: [next],
      };
}
