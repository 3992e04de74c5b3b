import { execa } from 'execa';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { GradeResult } from '@agent-course/course';

export type RunGraderResult = { ok: true; value: GradeResult } | { ok: false; error: string };

/** Grades one package of a day. */
export type RunGrader = (options: {
  root: string;
  day: string;
  labDir: string;
  /** Earlier days' folders the lab runs on instead of the kit's finished ones (`--on d3=DIR`). */
  on?: Record<string, string>;
  /** How long the grade may take before it is stopped and reported; GRADE_LIMIT_MS unless a test says. */
  limitMs?: number;
}) => Promise<RunGraderResult>;

const OUTPUT_TAIL_CHARS = 600;
/**
 * A backstop against a grade that never ends, not a speed check: a whole grade takes seconds, and
 * its checks have time limits of their own. Once, a course check on Node 24 sat idle for good; this
 * turns that into a failure naming what was being graded.
 */
const GRADE_LIMIT_MS = 15 * 60_000;
const GRADER_ENTRY = 'grader/src/grade-command.mjs';
/** Schema issues quoted when the report has the wrong shape; the first few say enough. */
const SHOWN_ISSUES = 3;

/**
 * Runs the grader the way students and CI do, as a child process, so the course check proves
 * the real command works, and reads its `--json` report with the grader's own schema. A low
 * score exits non-zero, so only unreadable output is an error.
 */
export const runGrader: RunGrader = async ({
  root,
  day,
  labDir,
  on = {},
  limitMs = GRADE_LIMIT_MS,
}) => {
  if (!existsSync(path.join(root, GRADER_ENTRY))) {
    return {
      ok: false,
      error: `${GRADER_ENTRY} does not exist; the grader must be in place to grade ${labDir}`,
    };
  }
  const result = await execa(
    'node',
    [
      GRADER_ENTRY,
      day,
      '--lab',
      path.join(root, labDir),
      ...Object.entries(on).flatMap(([earlier, folder]) => ['--on', `${earlier}=${folder}`]),
      '--json',
    ],
    {
      cwd: root,
      reject: false,
      env: { NO_COLOR: '1', INIT_CWD: root },
      timeout: limitMs,
      forceKillAfterDelay: 5_000,
    },
  );
  if (result.timedOut) {
    return {
      ok: false,
      error: `grading ${labDir} as ${day} did not finish within ${limitMs / 1000} s; run \`pnpm grade ${day} --lab ${labDir}\` to see where it stops`,
    };
  }
  // A crash prints a stack; its "Error…" line says what broke, the frames below do not.
  const output = `${result.stderr}\n${result.stdout}`.trim();
  const errorLine = output.split('\n').find((line) => /^\w*Error\b.*:/.test(line));
  const tail = (errorLine ?? output).trim().slice(-OUTPUT_TAIL_CHARS);
  let json: unknown;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    return {
      ok: false,
      error: `the grader printed no JSON report (exit ${result.exitCode}): ${tail}`,
    };
  }
  const parsed = GradeResult.safeParse(json);
  if (!parsed.success) {
    const { issues } = parsed.error;
    const shown = issues
      .slice(0, SHOWN_ISSUES)
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    const more = issues.length > SHOWN_ISSUES ? ` (+${issues.length - SHOWN_ISSUES} more)` : '';
    const error = `the grader's JSON report has an unexpected shape: ${shown.join('; ')}${more}`;
    return { ok: false, error };
  }
  return { ok: true, value: parsed.data };
};
