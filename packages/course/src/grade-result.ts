import { z } from 'zod';

/** The longest message or hint one check may report; a check child's longer report is ignored. */
export const MAX_REPORT_TEXT_CHARS = 20_000;

/** The most transcript lines one check may report. */
export const MAX_TRANSCRIPT_LINES = 1_000;

/** How many of the first lines a lab printed during one check its result keeps. */
export const MAX_PRINTED_LINES = 5;

/** How many of the last lines it keeps too; those between are only counted. */
export const MAX_PRINTED_LAST_LINES = 5;

/** The longest printed line a result keeps; a longer one is cut, ending in `…`. */
export const MAX_PRINTED_LINE_CHARS = 300;

/**
 * What the lab printed while a check ran it (console.log, process.stdout and process.stderr): a
 * student debugging with console.log sees it beside the check it came from.
 */
export const PrintedOutput = z.strictObject({
  /** The first lines, each at most MAX_PRINTED_LINE_CHARS, control characters made visible. */
  lines: z.array(z.string().max(MAX_PRINTED_LINE_CHARS)).max(MAX_PRINTED_LINES),
  /** How many lines came between the first and the last ones, counted but not kept. */
  moreLines: z.number().int().nonnegative(),
  /** The last lines, after those counted, when more came than the first ones. */
  lastLines: z.array(z.string().max(MAX_PRINTED_LINE_CHARS)).max(MAX_PRINTED_LAST_LINES).optional(),
  /**
   * True when the check was stopped (its time limit, a crash): these are the first lines that had
   * come by then, with no last ones, and moreLines is at least the count of the rest (it is told
   * at 1, 2, 4, ... lines).
   */
  stopped: z.literal(true).optional(),
});
export type PrintedOutput = z.infer<typeof PrintedOutput>;

/**
 * The outcome of one check: the one shape it has from the check child to `--json`, CSV and
 * Gradescope. The child runs student code, so the grader parses what it sends with this schema,
 * once, and ignores a report that does not fit, as if the child had sent nothing.
 */
export const CheckResult = z
  .strictObject({
    /** Stable id, e.g. `fragment-merging`; use it with --only. */
    id: z.string(),
    /** One-line title shown beside the mark. */
    title: z.string(),
    /** pass: behaved as required; fail: ran but behaved wrongly; error: could not finish. */
    status: z.enum(['pass', 'fail', 'error']),
    /** Only for `error`: `timeout` when it ran out of time, `crashed` when it died or failed to load. */
    errorKind: z.enum(['timeout', 'crashed']).optional(),
    /** Empty on pass; otherwise what was expected and what happened. */
    message: z.string().max(MAX_REPORT_TEXT_CHARS),
    /** Empty on pass; otherwise the file and TODO to look at. */
    hint: z.string().max(MAX_REPORT_TEXT_CHARS),
    /** What the lab printed while the check ran, when it printed anything. */
    printed: PrintedOutput.optional(),
    /** With --verbose: the scenario's tool calls and results, one line each. */
    transcript: z.array(z.string().max(MAX_REPORT_TEXT_CHARS)).max(MAX_TRANSCRIPT_LINES).optional(),
  })
  .refine((result) => (result.status === 'error') === (result.errorKind !== undefined), {
    message: 'errorKind goes with status error, and only with it',
  });
export type CheckResult = z.infer<typeof CheckResult>;

/** Why a lab does not compile: said once for the whole grade, since no check that loads it can run. */
export const CompileError = z.strictObject({
  /** The place to fix first: `src/file.ts:line`, or the import that names a missing export. */
  where: z.string().max(MAX_REPORT_TEXT_CHARS),
  /** Each problem on a line of its own, `src/file.ts:line: what is wrong`, in plain words. */
  problems: z.array(z.string().max(MAX_REPORT_TEXT_CHARS)).max(MAX_TRANSCRIPT_LINES),
});
export type CompileError = z.infer<typeof CompileError>;

/**
 * Why a lab compiles but does not load: its code threw while its files were imported, or the
 * import never finished (code at the top level of a file waited forever, spun, or ended the
 * process), before any check could call it. Said once for the whole grade, like a compile error.
 */
export const LoadError = z.strictObject({
  /** The place that threw, `src/file.ts:line`, or the file whose import threw when no line is known. */
  where: z.string().max(MAX_REPORT_TEXT_CHARS),
  /** What was thrown, as its message says it, or how the import stopped. */
  reason: z.string().max(MAX_REPORT_TEXT_CHARS),
  /** Present when the import never finished rather than threw. */
  unfinished: z.literal(true).optional(),
  /** The exercise (the TODO) whose code holds `where`, when one does. */
  exercise: z.number().int().positive().optional(),
});
export type LoadError = z.infer<typeof LoadError>;

/** The whole grade of one lab, as `--json` prints it. */
export const GradeResult = z.strictObject({
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
  /** Set when the lab does not compile; each check it stopped says `not run: …`. */
  compileError: CompileError.optional(),
  /** Set when the lab throws while it loads; each check it stopped says `not run: …`. */
  loadError: LoadError.optional(),
  /** The seed that chose the checks' generated variants; `--seed` with it grades the same way again. */
  seed: z.number().int().nonnegative().optional(),
  /**
   * With --mine or --on only: the earlier days the lab ran on in place of the kit's finished ones,
   * each graded first as a lab of its own day.
   */
  ranOn: z
    .array(
      z.strictObject({
        /** The earlier day, e.g. `d3`. */
        day: z.string(),
        /** Its lab, as given. */
        lab: z.string(),
        score: z.number().int(),
        max: z.number().int(),
      }),
    )
    .optional(),
  /** With --stretch only: the optional checks, which score and max never count. */
  stretch: z
    .strictObject({
      /** How many stretch checks passed. */
      passed: z.number().int(),
      /** Every stretch check, in the day's order. */
      checks: z.array(CheckResult),
    })
    .optional(),
});
export type GradeResult = z.infer<typeof GradeResult>;
