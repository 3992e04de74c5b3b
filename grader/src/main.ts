/**
 * `pnpm grade <day>`: grades a lab and prints the report. The checks that import the lab run in a
 * child process (see run-checks.ts); this file only reads the command line and prints results.
 * What only some options need (a batch and its CSV, --format gradescope, --watch) is imported when asked for,
 * so a plain grade starts its child process sooner.
 */
import { availableParallelism } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { createColors } from './create-colors';
import { createLimiter } from './create-limiter';
import type { GradeResult } from '@agent-course/course';
import { type Day, findGradedDays } from './day';
import { displayPath } from './display-path';
import { findStaleManifest } from './find-stale-manifest';
import { gradeLab } from './grade-lab';
import { KIT_ROOT } from './kit-paths';
import { parseArguments, type GradeOptions } from './parse-arguments';
import { pickSeed } from './pick-seed';
import { renderText } from './render-text';
import { unprivilegedUser } from './unprivileged-user';
import { usage } from './usage';

async function main(): Promise<number> {
  const { days, broken } = await findGradedDays();
  const dayIds = [...days, ...broken].map((day) => day.id).sort(byDayNumber);
  // pnpm runs a package's script in the package's folder: anywhere but the kit's root, the lab's
  // own `pnpm grade` is running (its script passes `--lab .`).
  const fromRoot = relative(KIT_ROOT, process.cwd());
  const ownLab =
    fromRoot === ''
      ? undefined
      : fromRoot.startsWith('..') || isAbsolute(fromRoot)
        ? 'this lab'
        : fromRoot;
  // pnpm runs root scripts from the kit root; INIT_CWD is where the person typed the command.
  const invokedFrom = process.env.INIT_CWD ?? process.cwd();
  const typedIn = relative(KIT_ROOT, invokedFrom);
  const parsed = parseArguments({
    args: process.argv.slice(2),
    days: dayIds,
    ...(ownLab ? { ownLab } : {}),
    ...(typedIn.startsWith('..') || isAbsolute(typedIn) ? {} : { typedIn }),
  });
  if (!parsed.ok) return fail(parsed.error);
  const options = parsed.value;
  if (options.help) {
    process.stdout.write(usage(dayIds));
    return 0;
  }
  const day = days.find((candidate) => candidate.id === options.dayId);
  if (!day) {
    const reason = broken.find((candidate) => candidate.id === options.dayId)?.error;
    return fail(
      `${options.dayId} cannot be graded: ${reason ?? 'it has no labs/' + options.dayId + '/day.ts'}.`,
    );
  }
  if (options.only && !day.checks.some((check) => check.id === options.only)) {
    return fail(
      `There is no check "${options.only}" in ${day.id}; use one of: ${day.checks.map((check) => check.id).join(', ')}.`,
    );
  }
  const stale = findStaleManifest({
    kitRoot: KIT_ROOT,
    dayId: day.id,
    labDir: day.labDir,
    solutionDir: day.solutionDir,
  });
  if (stale) process.stderr.write(`${stale}\n`);
  const limit = createLimiter(availableParallelism());

  if (options.target.kind === 'batch') {
    const { gradeBatch } = await import('./grade-batch');
    return gradeBatch({ day, pattern: options.target.pattern, invokedFrom, options, limit });
  }
  // pnpm runs a package's script in the package's folder. The lab's own `pnpm grade` passes `--lab
  // .`, meaning the lab, wherever inside it the student typed; a folder the student typed is
  // relative to where they typed it, inside a lab or not.
  const labDir =
    options.target.kind === 'lab'
      ? resolve(options.target.ownScript ? process.cwd() : invokedFrom, options.target.directory)
      : join(KIT_ROOT, options.target.kind === 'solution' ? day.solutionDir : day.labDir);
  // Graded from inside the lab, "." or ".." says little, and a kit lab typed from another one would
  // read as a machine path: the kit's name for it (labs/d4) says which lab it is.
  const typedInside = !relative(labDir, invokedFrom).startsWith('..');
  const inKit = !relative(KIT_ROOT, labDir).startsWith('..');
  const label = displayPath({ path: labDir, from: typedInside || inKit ? KIT_ROOT : invokedFrom });
  // A command suggested to the student names the lab as they would type it where they are.
  const fromTyped = relative(invokedFrom, labDir);
  const typedPath = isAbsolute(fromTyped) ? labDir : fromTyped || '.';
  const gradeOnce = () => gradeAndPrint({ day, labDir, label, typedPath, options, limit });
  if (options.watch) {
    const { watchLab } = await import('./watch-lab');
    return watchLab({ labDir, label, grade: gradeOnce });
  }
  return gradeOnce();
}

/** Grades one lab, prints it in the chosen format, and returns the exit code. */
async function gradeAndPrint(input: {
  day: Day;
  labDir: string;
  label: string;
  typedPath: string;
  options: GradeOptions;
  limit: ReturnType<typeof createLimiter>;
}): Promise<number> {
  const { options } = input;
  const seed = options.seed ?? pickSeed();
  const graded = await gradeLab({
    ...input,
    timeoutSeconds: options.timeoutSeconds,
    seed,
    ...(options.only ? { only: options.only } : {}),
  });
  if (!graded.ok) return fail(graded.error);
  const result = options.stretch
    ? await withStretch({ ...input, seed, result: graded.value, notRun: graded.notRun })
    : { ok: true as const, value: graded.value, notRun: graded.notRun };
  if (!result.ok) return fail(result.error);
  process.stdout.write(await render({ result: result.value, notRun: result.notRun, options }));
  // Stretch checks are optional: the exit code, like the score, counts only the day's checks.
  return graded.value.score === graded.value.max ? 0 : 1;
}

/** Runs the day's stretch checks as a grade of their own and files them apart from the score. */
async function withStretch(input: {
  day: Day;
  labDir: string;
  label: string;
  options: GradeOptions;
  limit: ReturnType<typeof createLimiter>;
  /** The grade's seed, so stretch checks with variants replay with it too. */
  seed: number;
  result: GradeResult;
  /** The checks of `result` that did not run. */
  notRun: Set<string>;
}): Promise<
  /** notRun: the day's checks and the stretch checks that did not run. */
  { ok: true; value: GradeResult; notRun: Set<string> } | { ok: false; error: string }
> {
  const { day, result, options } = input;
  if (day.stretch.length === 0) {
    return { ok: false, error: `${day.id} has no stretch checks; grade it without --stretch.` };
  }
  const graded = await gradeLab({
    ...input,
    day: { ...day, checks: day.stretch },
    timeoutSeconds: options.timeoutSeconds,
  });
  if (!graded.ok) return graded;
  const attempts = new Map(day.manifest.stretch?.map((check) => [check.id, check.attempt]));
  // A failed stretch check's hint also says how to start the exercise.
  // ...unless it did not run: the lab does not compile or load, and the grade says that once.
  const checks = graded.value.checks.map((check) =>
    check.status === 'pass' || graded.notRun.has(check.id)
      ? check
      : { ...check, hint: `${check.hint} (to start it: ${attempts.get(check.id)})` },
  );
  return {
    ok: true,
    value: { ...result, stretch: { passed: graded.value.score, checks } },
    notRun: new Set([...input.notRun, ...graded.notRun]),
  };
}

async function render({
  result,
  notRun,
  options,
}: {
  result: GradeResult;
  /** The checks that did not run (see collectNotRun). */
  notRun: Set<string>;
  options: GradeOptions;
}): Promise<string> {
  if (options.format === 'gradescope') {
    const { toGradescopeResults } = await import('./gradescope-results');
    return `${JSON.stringify(toGradescopeResults({ result, notRun }), null, 2)}\n`;
  }
  if (options.format === 'json') {
    const brief = (checks: GradeResult['checks']) =>
      checks.map(({ transcript: _transcript, ...check }) => check);
    const shown = options.verbose
      ? result
      : {
          ...result,
          checks: brief(result.checks),
          ...(result.stretch
            ? { stretch: { ...result.stretch, checks: brief(result.stretch.checks) } }
            : {}),
        };
    return `${JSON.stringify(shown, null, 2)}\n`;
  }
  const note = rootNote(result);
  return renderText({
    result,
    notRun,
    verbose: options.verbose,
    colors: createColors(),
    ...(note ? { note } : {}),
  });
}

/** How Node and the shell word a refused read or write. */
const PERMISSION_ERROR = /\b(EACCES|EPERM)\b|permission denied/i;

/**
 * Said under a text report whose checks met a permission error while the grader ran as root: the
 * lab's code then runs as another user (see unprivileged-user.ts), which `pnpm start` does not.
 */
function rootNote(result: GradeResult): string | undefined {
  const user = unprivilegedUser();
  const refused = result.checks.some((check) => PERMISSION_ERROR.test(check.message));
  return user && refused
    ? `The grader runs as root, so the lab's code ran as the user ${user.name}, who may not read or write root's files: keep what the lab reads and writes inside its working folder or the temporary folder (os.tmpdir()), or grade as an ordinary user.`
    : undefined;
}

function byDayNumber(left: string, right: string): number {
  return Number(left.slice(1)) - Number(right.slice(1));
}

function fail(message: string): number {
  process.stderr.write(`${message}\n`);
  return 2;
}

process.exitCode = await main().catch((error: unknown) => {
  // A bug in the grader itself; the lab's failures never reach here.
  process.stderr.write(
    `The grader stopped on an unexpected error: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  return 2;
});
