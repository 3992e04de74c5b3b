// The course check's invariants, one function each: each takes what was measured and says whether
// it holds, in one line plus details that tell the maintainer what to do.
import {
  type DayManifest,
  FINISHED_PACKAGES,
  finishedPackageName,
  type GradeResult,
} from '@agent-course/course';
import type { LocatedRegion } from './generate-starter';
import type { RunGraderResult } from './run-grader';
import type { InvariantResult } from './run-course-check';
import type { SyncFinishedPackageResult } from './sync-finished-package';
import type { SyncStarterResult } from './sync-starter';
import { startScript } from './start-script';

/** An invariant's verdict before the day is attached. */
export type Invariant = Omit<InvariantResult, 'day'>;

export function starterMatches(input: {
  sync: SyncStarterResult;
  lab: string;
  solution: string;
  day: string;
}): Invariant {
  const { sync, lab, solution, day } = input;
  if (!sync.ok) {
    const details = sync.problems.map(
      (problem) => `${problem.path}:${problem.line}: ${problem.reason}`,
    );
    return { passed: false, summary: `${solution} has marker problems`, details };
  }
  if (sync.plan.differences.length > 0) {
    const details = [
      ...sync.plan.differences.map(({ message }) => message),
      `run \`pnpm starter ${day}\``,
    ];
    return { passed: false, summary: `${lab} differs from its generated form`, details };
  }
  return { passed: true, summary: `${lab} equals its generated form`, details: [] };
}

/** A package that carries the day's code, finished, is exactly what the solution generates. */
export function finishedPackageMatches(input: {
  sync: SyncFinishedPackageResult;
  directory: string;
  solution: string;
  day: string;
}): Invariant {
  const { sync, directory, solution, day } = input;
  const next = `run \`pnpm starter ${day}\``;
  if (!sync.ok) {
    const details = sync.problems.map(
      (problem) => `${problem.path}:${problem.line}: ${problem.reason}`,
    );
    return { passed: false, summary: `${directory} cannot be generated from ${solution}`, details };
  }
  if (sync.plan.differences.length > 0) {
    return {
      passed: false,
      summary: `${directory} differs from its generated form; ${next}`,
      details: [...sync.plan.differences, next],
    };
  }
  return {
    passed: true,
    summary: `${directory} equals its generated form (from ${solution}; ${next} after changing it)`,
    details: [],
  };
}

export function starterScoresBaseline(input: {
  grade: RunGraderResult;
  manifest: DayManifest;
  lab: string;
  solution: string;
}): Invariant {
  const { grade, manifest, lab, solution } = input;
  if (!grade.ok)
    return { passed: false, summary: `${lab} could not be graded`, details: [grade.error] };
  const got = score(grade.value);
  const expected = `${manifest.starterScore}/${manifest.checks.length}`;
  if (got === expected)
    return { passed: true, summary: `${lab} scores its baseline ${expected}`, details: [] };
  return {
    passed: false,
    summary: `${lab} scores ${got}, declared baseline ${expected}`,
    details: [`fix the starter, or starterScore in ${solution}/day.ts if the change was meant`],
  };
}

export function solutionScoresFull(input: {
  grade: RunGraderResult;
  manifest: DayManifest;
  solution: string;
}): Invariant {
  const { grade, manifest, solution } = input;
  if (!grade.ok)
    return { passed: false, summary: `${solution} could not be graded`, details: [grade.error] };
  const { value } = grade;
  const full = value.max > 0 && value.score === value.max && value.max === manifest.checks.length;
  if (full)
    return { passed: true, summary: `${solution} scores full marks ${score(value)}`, details: [] };
  const failing = value.checks.filter((check) => check.status !== 'pass').map((check) => check.id);
  const details = failing.length > 0 ? [`failing checks: ${failing.join(', ')}`] : [];
  if (value.max !== manifest.checks.length) {
    details.push(
      `the grader ran ${value.max} checks; ${solution}/day.ts lists ${manifest.checks.length}`,
    );
  }
  return { passed: false, summary: `${solution} scores ${score(value)}, not full marks`, details };
}

/** Every exercise of the manifest is graded by at least one check that names it. */
export function everyExerciseIsChecked(input: {
  manifest: DayManifest;
  solution: string;
}): Invariant {
  const { manifest, solution } = input;
  const unchecked = manifest.exercises.filter(
    (exercise) => !manifest.checks.some((check) => check.exercise === exercise.number),
  );
  if (unchecked.length === 0) {
    return {
      passed: true,
      summary: `every exercise has a check in ${solution}/day.ts`,
      details: [],
    };
  }
  return {
    passed: false,
    summary: `no check of ${solution}/day.ts grades ${unchecked.map((exercise) => `TODO(${exercise.number})`).join(', ')}`,
    details: unchecked.map(
      (exercise) =>
        `give a check \`exercise: ${exercise.number}\` and a hint naming ${exercise.file}, TODO(${exercise.number})`,
    ),
  };
}

/**
 * A released day with a Chinese lesson page gives every exercise its task in Chinese, which the
 * page's exercise table shows; `pages` are the day's Chinese pages (at least one).
 */
export function exercisesHaveTranslations(input: {
  manifest: DayManifest;
  solution: string;
  pages: string[];
}): Invariant {
  const { manifest, solution, pages } = input;
  const missing = manifest.exercises.filter((exercise) => !exercise.translations?.['zh-CN']);
  if (missing.length === 0) {
    return {
      passed: true,
      summary: `every exercise in ${solution}/day.ts has its task in Chinese for ${pages.join(' and ')}`,
      details: [],
    };
  }
  return {
    passed: false,
    summary: `${solution}/day.ts gives no Chinese task for ${missing.map((exercise) => `TODO(${exercise.number})`).join(', ')}, which ${pages.join(' and ')} show in their exercise table`,
    details: [
      ...missing.map(
        (exercise) =>
          `add \`translations: { 'zh-CN': { task: '…' } }\` to exercise ${exercise.number} ("${exercise.task}"): one line, written for a Chinese reader`,
      ),
      `then run \`pnpm starter ${manifest.id}\``,
    ],
  };
}

/** The day's `pnpm start` (its package.json) runs the file the manifest names, as the root's `pnpm start` does. */
export function startRunsManifestEntry(input: {
  manifest: DayManifest;
  solution: string;
  packageJson: string;
}): Invariant {
  const { manifest, solution } = input;
  const expected = startScript(manifest.start);
  let start: unknown;
  try {
    start = (JSON.parse(input.packageJson) as { scripts?: Record<string, unknown> }).scripts?.start;
  } catch {
    start = undefined;
  }
  if (start === expected)
    return {
      passed: true,
      summary: `${solution}'s start script runs ${manifest.start}`,
      details: [],
    };
  return {
    passed: false,
    summary: `${solution}/package.json's start script is ${JSON.stringify(start ?? null)}`,
    details: [`make it "${expected}", the start file ${solution}/day.ts names`],
  };
}

/**
 * The earlier days the manifest says the day builds on are the finished packages its solution
 * depends on, so `pnpm start` names the days the code really runs on, and `pnpm switch` reaches them.
 */
export function buildsOnMatchesDependencies(input: {
  manifest: DayManifest;
  solution: string;
  packageJson: string;
}): Invariant {
  const { manifest, solution } = input;
  let dependencies: Record<string, unknown> = {};
  try {
    dependencies =
      (JSON.parse(input.packageJson) as { dependencies?: Record<string, unknown> }).dependencies ??
      {};
  } catch {
    // An unreadable package.json is reported by the start script's line.
  }
  const depended = FINISHED_PACKAGES.filter((finished) =>
    Object.hasOwn(dependencies, finishedPackageName(finished)),
  )
    .map((finished) => finished.day)
    .sort();
  const said = [...(manifest.buildsOn ?? [])].sort();
  if (depended.join() === said.join()) {
    const earlier = said.length > 0 ? said.join(', ') : 'no earlier day';
    return {
      passed: true,
      summary: `${solution} builds on ${earlier}, as day.ts says`,
      details: [],
    };
  }
  return {
    passed: false,
    summary: `${solution}/day.ts says it builds on ${said.join(', ') || 'nothing'}, but its package.json depends on the finished ${depended.join(', ') || 'none'}`,
    details: [`make buildsOn in ${solution}/day.ts list ${depended.join(', ') || 'nothing'}`],
  };
}

/** Every exercise needs a check that fails on the starter and whose hint sends the student to TODO(n). */
export function exercisesHaveHints(input: {
  regions: LocatedRegion[];
  grade: GradeResult;
  solution: string;
}): Invariant {
  const { regions, grade, solution } = input;
  if (regions.length === 0) {
    return {
      passed: false,
      summary: `${solution} has no exercise regions`,
      details: ['mark each exercise with `// #region exercise N`'],
    };
  }
  const hints = grade.checks
    .filter((check) => check.status !== 'pass')
    .map((check) => check.hint)
    .join('\n');
  const todo = (region: LocatedRegion) => `TODO(${region.number})`;
  const unhinted = regions.filter((region) => !hints.includes(todo(region)));
  if (unhinted.length === 0) {
    return {
      passed: true,
      summary: `failing checks' hints name ${regions.map(todo).join(', ')}`,
      details: [],
    };
  }
  return {
    passed: false,
    summary: `no failing check's hint names ${unhinted.map(todo).join(', ')}`,
    details: unhinted.map(
      (region) =>
        `exercise ${region.number} (${region.path}:${region.line}) needs a check that fails on the starter with a hint naming ${todo(region)}`,
    ),
  };
}

function score(report: GradeResult): string {
  return `${report.score}/${report.max}`;
}
