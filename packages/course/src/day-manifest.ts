import { z } from 'zod';

// One day of the course, declared once in `solutions/dN/day.ts` (copied verbatim into `labs/dN`).
// The starter generator, the grader, `pnpm course check`, `pnpm start` and the lesson page's
// exercise table all read this; nothing else repeats what it says.

/** The longest one-line task: it must fit the `// TODO(n): ` line and the lesson page's table. */
export const MAX_TASK_CHARS = 90;

/** The name of a hint every check has: what it says when the check cannot tell which mistake it saw. */
export const DEFAULT_HINT = 'default';

/** A day folder and id: `d` and a number without a leading zero. */
export const DAY_ID = /^d[1-9]\d*$/;

/** A check id or a kind of mistake: lower-case words joined by hyphens. */
const KEBAB = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** A one-line task: it fits the `// TODO(n): ` line and a cell of the lesson page's table. */
const OneLineTask = z
  .string()
  .min(1)
  .max(MAX_TASK_CHARS)
  .refine((task) => !task.includes('\n'), 'one line');

/** An exercise's words in another language, for that language's lesson page (code and TODOs stay English). */
export const ExerciseTranslation = z.strictObject({
  /** The one-line task, written for readers of that language; the page's exercise table shows it. */
  task: OneLineTask,
});
export type ExerciseTranslation = z.infer<typeof ExerciseTranslation>;

/** One exercise: the code a student writes, marked `// #region exercise N` in the solution. */
export const Exercise = z.strictObject({
  /** The student sees it as TODO(number); numbered 1, 2, 3… in order. */
  number: z.number().int().positive(),
  /** The file holding the exercise region, relative to the day's folder, e.g. `src/truncate-result.ts`. */
  file: z
    .string()
    .regex(/^src\/[\w./-]+\.ts$/, 'a .ts file under src/, e.g. src/truncate-result.ts'),
  /** What to do, in one line: the TODO comment's first line and the lesson page's table. */
  task: OneLineTask,
  /** How to do it, in a few sentences: wrapped under the TODO line in the starter. */
  details: z.string().min(1),
  /**
   * The task for the Chinese lesson page (README.zh-CN.md), e.g. `{ 'zh-CN': { task: '…' } }`.
   * `pnpm course check` requires it of a released day that has that page.
   */
  translations: z.strictObject({ 'zh-CN': ExerciseTranslation }).optional(),
});
export type Exercise = z.infer<typeof Exercise>;

/**
 * One graded behaviour, in the order the report lists it; its code is listed by its id in
 * grader/src/days/<day>/judging/index.ts and beside-lab/index.ts.
 */
export const DayCheck = z.strictObject({
  /** Stable id: `pnpm grade --only`, `--json` and the grader's lists of the day's checks use it. */
  id: z.string().regex(KEBAB, 'kebab-case, e.g. fragment-merging'),
  /** One line saying what is checked. */
  title: z.string().min(1),
  /** The exercise whose mistakes this check catches; none for behaviour the starter already has. */
  exercise: z.number().int().positive().optional(),
  /**
   * Checks that must pass before this one can say anything about its own exercise, listed earlier
   * in the day: when one of them fails too, this check's hint sends the student there first.
   */
  dependsOn: z.array(z.string().regex(KEBAB, 'a check id, e.g. fragment-merging')).optional(),
  /**
   * Where to look when the check fails, by kind of mistake: `default` always, plus one entry per
   * mistake the check can tell apart (the check's outcome names the kind it saw).
   */
  hints: z
    .record(z.string().regex(KEBAB, 'kebab-case, e.g. array-by-position'), z.string().min(1))
    .refine((hints) => typeof hints[DEFAULT_HINT] === 'string', `needs a "${DEFAULT_HINT}" hint`),
});
export type DayCheck = z.infer<typeof DayCheck>;

/**
 * An optional exercise beyond the day's score: `pnpm grade <day> --stretch` runs its check and reports
 * it on its own line; the score, the exit code, `--json`'s score and Gradescope's never count it. Its
 * code is listed in grader/src/days/<day>/judging/index.ts and beside-lab/index.ts, like a check's.
 */
export const StretchCheck = z.strictObject({
  /** Stable id, also the check's file name and the argument of the lab's `pnpm stretch <id>`. */
  id: z.string().regex(KEBAB, 'kebab-case, e.g. grep-description'),
  /** One line saying what is checked. */
  title: z.string().min(1),
  /** How a student starts it, e.g. `pnpm stretch grep-description` (from the lab's folder). */
  attempt: z.string().min(1),
  /** Where to look when it fails, by kind of mistake; `default` always. */
  hints: z
    .record(z.string().regex(KEBAB, 'kebab-case, e.g. no-example'), z.string().min(1))
    .refine((hints) => typeof hints[DEFAULT_HINT] === 'string', `needs a "${DEFAULT_HINT}" hint`),
});
export type StretchCheck = z.infer<typeof StretchCheck>;

/**
 * A number (or list of numbers, or short text) a lesson page quotes. `pnpm starter` writes it into
 * the page between `<!-- figure NAME -->` and `<!-- /figure -->`; `pnpm course check` measures it on
 * the solution (its `measure-figures.ts`) and fails when this no longer says what the code does.
 */
export const Figure = z.union([z.number(), z.array(z.number()).min(1), z.string().min(1).max(80)]);
export type Figure = z.infer<typeof Figure>;

/** Figures every day has, worked out from the manifest itself, so a day cannot declare them. */
export const BUILT_IN_FIGURES = ['starter-score', 'full-score'] as const;

/** The whole manifest of a day. */
export const DayManifest = z
  .strictObject({
    /** The day's folder name and id on the command line, e.g. `d3`. */
    id: z.string().regex(DAY_ID, 'd and a number, e.g. d3'),
    /** What the day builds, in a few words. */
    title: z.string().min(1),
    /** A day still being written: `pnpm course check` reports it, `--release` refuses it, `pnpm start` skips it. */
    draft: z.boolean(),
    /** The file `pnpm start <day>` runs, relative to the day's folder. */
    start: z.string().regex(/^src\/[\w./-]+\.ts$/, 'a .ts file under src/, e.g. src/main.ts'),
    /**
     * The earlier days this day runs on, through their finished packages (e.g. `['d3']` for
     * `@agent-course/finished-d3`): the kit's by default, the student's own after `pnpm switch`.
     */
    buildsOn: z.array(z.string().regex(DAY_ID, 'a day, e.g. d3')).optional(),
    /** How many checks the untouched starter passes. */
    starterScore: z.number().int().nonnegative(),
    /** The exercises, numbered from 1. */
    exercises: z.array(Exercise),
    /** The checks, in the order they are reported. */
    checks: z.array(DayCheck).min(1),
    /** Optional stretch exercises, graded apart from the score with --stretch. */
    stretch: z.array(StretchCheck).optional(),
    /** The figures the lesson pages quote, by name (besides the built-in scores). */
    figures: z.record(z.string(), Figure).optional(),
  })
  .superRefine((day, context) => {
    const issue = (message: string, path: Array<string | number>) =>
      context.addIssue({ code: 'custom', message, path });
    day.exercises.forEach((exercise, index) => {
      if (exercise.number !== index + 1)
        issue(`exercise ${index + 1} is numbered ${exercise.number}; number them 1, 2, 3…`, [
          'exercises',
          index,
          'number',
        ]);
    });
    const seen = new Set<string>();
    day.checks.forEach((check, index) => {
      if (seen.has(check.id)) issue(`check "${check.id}" is listed twice`, ['checks', index, 'id']);
      // Only checks listed before this one are allowed, so dependencies can never form a cycle.
      for (const dependency of check.dependsOn ?? []) {
        if (!seen.has(dependency))
          issue(
            `check "${check.id}" depends on "${dependency}", which is not a check listed before it; list that check earlier or drop it from dependsOn`,
            ['checks', index, 'dependsOn'],
          );
      }
      seen.add(check.id);
      if (check.exercise !== undefined && check.exercise > day.exercises.length)
        issue(`check "${check.id}" names exercise ${check.exercise}, which does not exist`, [
          'checks',
          index,
          'exercise',
        ]);
    });
    (day.stretch ?? []).forEach((stretch, index) => {
      if (seen.has(stretch.id))
        issue(`stretch check "${stretch.id}" has the id of another check; give it its own`, [
          'stretch',
          index,
          'id',
        ]);
      seen.add(stretch.id);
    });
    (day.buildsOn ?? []).forEach((earlier, index) => {
      if (Number(earlier.slice(1)) >= Number(day.id.slice(1)))
        issue(`${day.id} cannot build on ${earlier}, which is not an earlier day`, [
          'buildsOn',
          index,
        ]);
    });
    for (const name of Object.keys(day.figures ?? {})) {
      if ((BUILT_IN_FIGURES as readonly string[]).includes(name))
        issue(`figure "${name}" is worked out from the checks; take it out of figures`, [
          'figures',
          name,
        ]);
      else if (!KEBAB.test(name))
        issue(`figure "${name}": name it in kebab-case, e.g. fed-back`, ['figures', name]);
    }
    if (day.starterScore > day.checks.length)
      issue(`starterScore ${day.starterScore} is more than the ${day.checks.length} checks`, [
        'starterScore',
      ]);
  });
export type DayManifest = z.infer<typeof DayManifest>;

/**
 * Declares a day; `day.ts` default-exports what this returns. Typed here so a manifest is checked
 * as it is written; validated again when loaded, since a lab's copy may have been edited.
 */
export function defineDay(day: DayManifest): DayManifest {
  return day;
}
