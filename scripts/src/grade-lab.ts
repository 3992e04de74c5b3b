import { execa } from 'execa';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The part of the grader's `--json` report the course check relies on. */
export const GraderReport = z.object({
  /** How many checks passed. */
  score: z.number().int(),
  /** How many checks ran. */
  max: z.number().int(),
  /** Every check, in the day's order. */
  checks: z.array(
    z.object({
      /** Stable check id. */
      id: z.string(),
      /** pass, fail, or error when the check could not finish. */
      status: z.enum(['pass', 'fail', 'error']),
      /** Empty on pass; otherwise the file and TODO to look at. */
      hint: z.string(),
    }),
  ),
});
export type GraderReport = z.infer<typeof GraderReport>;

export type GradeLabResult = { ok: true; value: GraderReport } | { ok: false; error: string };

/** Grades one package of a day. */
export type GradeLab = (options: {
  root: string;
  day: string;
  labDir: string;
}) => Promise<GradeLabResult>;

const OUTPUT_TAIL_CHARS = 600;
const GRADER_ENTRY = 'grader/src/main.ts';
/** Schema issues quoted when the report has the wrong shape; the first few say enough. */
const SHOWN_ISSUES = 3;

/**
 * Runs the grader the way students and CI do, as a child process, so the course check proves
 * the real command works. A low score exits non-zero, so only unreadable output is an error.
 */
export const gradeLab: GradeLab = async ({ root, day, labDir }) => {
  if (!existsSync(path.join(root, GRADER_ENTRY))) {
    return {
      ok: false,
      error: `${GRADER_ENTRY} does not exist; the grader must be in place to grade ${labDir}`,
    };
  }
  const result = await execa(
    'node',
    ['--import', 'tsx', GRADER_ENTRY, day, '--lab', path.join(root, labDir), '--json'],
    {
      cwd: root,
      reject: false,
      env: { NO_COLOR: '1', INIT_CWD: root },
    },
  );
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
  const parsed = GraderReport.safeParse(json);
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
