import { z } from 'zod';
import type { GradeResult } from '@agent-course/course';
import { describePrinted, seedReplaysSomething } from './render-text';

/** One test in Gradescope's results.json. */
export const GradescopeTest = z.object({
  /** The check's id and title. */
  name: z.string(),
  /** 1 when it passed, else 0. */
  score: z.number(),
  /** Always 1: every check weighs the same. */
  max_score: z.number(),
  /** passed or failed, as Gradescope shows it. */
  status: z.enum(['passed', 'failed']),
  /** What was expected and what happened, and the hint. */
  output: z.string(),
});
export type GradescopeTest = z.infer<typeof GradescopeTest>;

/** The shape of Gradescope's results.json, the subset the grader fills. */
export const GradescopeResults = z.object({
  /** Checks passed. */
  score: z.number(),
  /** Checks run. */
  max_score: z.number(),
  /** One entry per check. */
  tests: z.array(GradescopeTest),
  /** Shown above the tests: why the lab does not compile, and the seed that `--seed` replays. */
  output: z.string().optional(),
});
export type GradescopeResults = z.infer<typeof GradescopeResults>;

/** Converts a grade to Gradescope's results.json. */
export function toGradescopeResults({
  result,
  notRun,
}: {
  result: GradeResult;
  /** The checks the lab stopped before they could run (see collectNotRun). */
  notRun: ReadonlySet<string>;
}): GradescopeResults {
  return {
    score: result.score,
    max_score: result.max,
    ...gradescopeOutput({ result, notRun }),
    tests: result.checks.map((check) => ({
      name: `${check.id}: ${check.title}`,
      score: check.status === 'pass' ? 1 : 0,
      max_score: 1,
      status: check.status === 'pass' ? 'passed' : 'failed',
      output: [
        check.status === 'pass'
          ? 'passed'
          : `${check.message}${check.hint ? `\nhint: ${check.hint}` : ''}`,
        ...(check.printed ? describePrinted(check.printed) : []),
      ].join('\n'),
    })),
  };
}

/** Gradescope's text above the tests: the compile or load error, said once, and the seed when it helps. */
function gradescopeOutput({
  result,
  notRun,
}: {
  result: GradeResult;
  notRun: ReadonlySet<string>;
}): { output?: string } {
  const lines = [
    ...(result.compileError
      ? [
          'The lab does not compile, so its checks could not run:',
          ...result.compileError.problems,
          `Fix ${result.compileError.where} first, then submit again.`,
        ]
      : []),
    ...(result.loadError?.unfinished
      ? [
          'The lab never finishes loading, so its checks could not run:',
          `importing ${result.loadError.where}: ${result.loadError.reason}`,
          'Look at the code that runs as soon as a file is imported (outside any function): an await on something that never comes, a timer it waits for, or a loop that never ends. Fix it, then submit again.',
        ]
      : result.loadError
        ? [
            'The lab does not load, so its checks could not run:',
            `importing it threw: ${result.loadError.reason} (at ${result.loadError.where})`,
            `Make ${result.loadError.where}${result.loadError.exercise === undefined ? '' : ` (TODO(${result.loadError.exercise}))`} run without throwing when the file is imported, then submit again.`,
          ]
        : []),
    // The student cannot grade here again with a seed; whoever runs the autograder can, locally.
    ...(seedReplaysSomething({ result, notRun })
      ? [
          `The checks' generated variants came from seed ${result.seed}; an instructor can grade the same submission with --seed ${result.seed} to see them again.`,
        ]
      : []),
  ];
  return lines.length > 0 ? { output: lines.join('\n') } : {};
}
