import { z } from 'zod';
import { type GradeResult, platformTestName } from '@agent-course/course';
import { explainCheck } from './explain-check';
import { shortenText } from './shorten-text';

/**
 * The longest text report a Release body quotes. GitHub refuses a Release body over 125,000
 * characters; the log, where the autograder prints the whole report, has no such limit.
 */
export const MAX_RELEASE_BODY_REPORT_CHARS = 100_000;

/** One test row of Classroom 50's result.json, with `message` saying why it failed. */
export const Classroom50ReportTest = z.object({
  /** The check's id and title. */
  'test-name': z.string(),
  passed: z.boolean(),
  /** 1 when it passed, else 0: every check weighs the same. */
  score: z.number(),
  'max-score': z.number(),
  /** Empty when it passed; else the reason, the hint, what the lab printed, the compile error or the seed. */
  message: z.string(),
});

/**
 * What `--format classroom50` prints: everything the Classroom 50 autograder publishes about a
 * grade except who and when (its identity fields come from the runner's variables).
 */
export const Classroom50Report = z.object({
  score: z.number(),
  max: z.number(),
  /** result.json's tests, in the day's order. */
  tests: z.array(Classroom50ReportTest),
  /** Markdown for release-body.md, which the runner publishes as the Release's body. */
  releaseBody: z.string(),
  /** `pnpm grade`'s text report, uncoloured, for the autograder to print to the job's log. */
  log: z.string(),
});
export type Classroom50Report = z.infer<typeof Classroom50Report>;

/**
 * Converts a grade to what a Classroom 50 student reads: the report `pnpm grade` prints (`text`,
 * rendered without colour), in the log and inside the Release's body under a table of the checks;
 * and in result.json each failed check's own explanation.
 */
export function toClassroom50Report({
  result,
  notRun,
  text,
}: {
  result: GradeResult;
  /** The checks the lab stopped before they could run (see collectNotRun). */
  notRun: ReadonlySet<string>;
  /** renderText's report of the same grade, without colour. */
  text: string;
}): Classroom50Report {
  // The student's repository holds the grader: `pnpm grade` there replays the seed.
  const seedLine = (seed: number) =>
    `The checks' generated variants came from seed ${seed}; \`pnpm grade ${result.day} --seed ${seed}\` in your repository grades with the same ones again.`;
  const tests = result.checks.map((check) => ({
    'test-name': platformTestName(check),
    passed: check.status === 'pass',
    score: check.status === 'pass' ? 1 : 0,
    'max-score': 1,
    message: check.status === 'pass' ? '' : explainCheck({ check, result, notRun, seedLine }),
  }));
  return {
    score: result.score,
    max: result.max,
    tests,
    releaseBody: releaseBody({ result, tests, text }),
    log: text,
  };
}

/** The Release's body: the score, a row per check, then the text report in a code block. */
function releaseBody({
  result,
  tests,
  text,
}: {
  result: GradeResult;
  tests: Array<z.infer<typeof Classroom50ReportTest>>;
  text: string;
}): string {
  const quoted =
    text.length > MAX_RELEASE_BODY_REPORT_CHARS
      ? `${shortenText(text, MAX_RELEASE_BODY_REPORT_CHARS)}\n(cut here: the autograder's log in the Actions run of this submission has the whole report)`
      : text.trimEnd();
  const fence = codeFence(quoted);
  return [
    `### ${result.day}: ${result.score}/${result.max} checks passed`,
    '',
    '| Check | Result |',
    '|---|---|',
    ...tests.map(
      (test) =>
        `| ${test['test-name'].replaceAll('|', '\\|')} | ${test.passed ? 'PASS' : 'FAIL'} |`,
    ),
    '',
    `What \`pnpm grade ${result.day}\` says about this submission:`,
    '',
    `${fence}text`,
    quoted,
    fence,
    '',
  ].join('\n');
}

/**
 * A backtick fence longer than any run of backticks in `text`, so nothing the lab printed can close
 * the code block and be read as Markdown or HTML.
 */
function codeFence(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(3, longest + 1));
}
