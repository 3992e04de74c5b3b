import { z } from 'zod';

/**
 * The outcome of one check, as `--json` prints it. `status` is `error` when the check could not
 * finish (a timeout, a crash, a lab that does not load); `errorKind` then says which.
 */
export const CheckResult = z.object({
  /** Stable id, e.g. `fragment-merging`; use it with --only. */
  id: z.string(),
  /** One-line title shown beside the mark. */
  title: z.string(),
  /** pass: behaved as required; fail: ran but behaved wrongly; error: could not finish. */
  status: z.enum(['pass', 'fail', 'error']),
  /** Only for `error`: `timeout` when it ran out of time, `crashed` when it died or failed to load. */
  errorKind: z.enum(['timeout', 'crashed']).optional(),
  /** Empty on pass; otherwise what was expected and what happened. */
  message: z.string(),
  /** Empty on pass; otherwise the file and TODO to look at. */
  hint: z.string(),
  /** With --verbose: the scenario's tool calls and results, one line each. */
  transcript: z.array(z.string()).optional(),
});
export type CheckResult = z.infer<typeof CheckResult>;

/** The whole grade of one lab, as `--json` prints it. */
export const GradeResult = z.object({
  /** The day graded, e.g. `d3`. */
  day: z.string(),
  /** The lab directory as given, relative to the current directory when inside it. */
  lab: z.string(),
  /** How many checks passed. */
  score: z.number().int(),
  /** How many checks ran (all of the day's checks unless --only was used). */
  max: z.number().int(),
  /** Every check that ran, in the day's order. */
  checks: z.array(CheckResult),
});
export type GradeResult = z.infer<typeof GradeResult>;
