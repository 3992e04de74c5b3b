// The course check's invariants, one function each: each takes what was measured and says whether
// it holds, in one line plus details that tell the maintainer what to do.
import type { CourseDay } from './course-days';
import type { LocatedRegion } from './generate-starter';
import type { GradeLabResult, GraderReport } from './grade-lab';
import type { InvariantResult } from './run-course-check';
import type { SyncStarterResult } from './sync-starter';

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

export function starterScoresBaseline(input: {
  grade: GradeLabResult;
  declared: CourseDay | undefined;
  lab: string;
  day: string;
}): Invariant {
  const { grade, declared, lab, day } = input;
  if (!grade.ok)
    return { passed: false, summary: `${lab} could not be graded`, details: [grade.error] };
  const got = score(grade.value);
  if (!declared) {
    const line = `${day}: { starterScore: ${grade.value.score}, max: ${grade.value.max} }`;
    return {
      passed: false,
      summary: `${lab} scores ${got}, but no baseline is declared`,
      details: [`add \`${line}\` to scripts/src/course-days.ts`],
    };
  }
  const expected = `${declared.starterScore}/${declared.max}`;
  if (got === expected)
    return { passed: true, summary: `${lab} scores its baseline ${expected}`, details: [] };
  return {
    passed: false,
    summary: `${lab} scores ${got}, declared baseline ${expected}`,
    details: [
      'fix the starter, or the baseline in scripts/src/course-days.ts if the change was meant',
    ],
  };
}

export function solutionScoresFull(input: {
  grade: GradeLabResult;
  declared: CourseDay | undefined;
  solution: string;
}): Invariant {
  const { grade, declared, solution } = input;
  if (!grade.ok)
    return { passed: false, summary: `${solution} could not be graded`, details: [grade.error] };
  const { value } = grade;
  const full =
    value.max > 0 && value.score === value.max && (!declared || value.max === declared.max);
  if (full)
    return { passed: true, summary: `${solution} scores full marks ${score(value)}`, details: [] };
  const failing = value.checks.filter((check) => check.status !== 'pass').map((check) => check.id);
  const details = failing.length > 0 ? [`failing checks: ${failing.join(', ')}`] : [];
  if (declared && value.max !== declared.max) {
    details.push(
      `the grader runs ${value.max} checks; scripts/src/course-days.ts declares ${declared.max}`,
    );
  }
  return { passed: false, summary: `${solution} scores ${score(value)}, not full marks`, details };
}

/** Every exercise needs a check that fails on the starter and whose hint sends the student to TODO(n). */
export function exercisesHaveHints(input: {
  regions: LocatedRegion[];
  grade: GraderReport;
  solution: string;
}): Invariant {
  const { regions, grade, solution } = input;
  if (regions.length === 0) {
    return {
      passed: false,
      summary: `${solution} has no exercise regions`,
      details: ['mark each exercise with `// #region exercise N: …`'],
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

function score(report: GraderReport): string {
  return `${report.score}/${report.max}`;
}
