import { z } from 'zod';
import { type GradeResult, platformTestName } from '@agent-course/course';
import { describeNotRun, explainCheck } from './explain-check';
import { seedReplaysSomething } from './render-text';

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
  /**
   * When students see the tests (docs/specs.md of gradescope/autograder_samples): set by
   * run_autograder from the bundle's assignment.json, never by the grader.
   */
  visibility: z.enum(['visible', 'hidden', 'after_due_date', 'after_published']).optional(),
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
      name: platformTestName(check),
      score: check.status === 'pass' ? 1 : 0,
      max_score: 1,
      status: check.status === 'pass' ? 'passed' : 'failed',
      // Each test says it all: a visibility may show a student some tests and not the text above them.
      output: explainCheck({ check, result, notRun, seedLine: gradescopeSeedLine }),
    })),
  };
}

/** The student cannot grade here again with a seed; whoever runs the autograder can, locally. */
function gradescopeSeedLine(seed: number): string {
  return `The checks' generated variants came from seed ${seed}; an instructor can grade the same submission with --seed ${seed} to see them again.`;
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
    ...describeNotRun(result),
    ...(seedReplaysSomething({ result, notRun }) ? [gradescopeSeedLine(result.seed!)] : []),
  ];
  return lines.length > 0 ? { output: lines.join('\n') } : {};
}
