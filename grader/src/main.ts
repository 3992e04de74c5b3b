/**
 * `pnpm grade <day>`: grades a lab and prints the report. The checks that drive the lab run in a
 * child process; this file only reads the command line and prints results. grade-command.mjs calls
 * it with the process's own streams; a test calls it with its own, to grade in process.
 * What only some options need (a batch and its CSV, --format gradescope or classroom50, --watch) is imported when
 * asked for, so a plain grade starts its child process sooner.
 */
import { availableParallelism } from 'node:os';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import type { ChalkInstance } from 'chalk';
import { createLimiter } from './command-line/create-limiter';
import { createColors } from '@agent-course/cli/create-colors';
import { type GradeResult, readOwnDays, recordLastGrade, switchedDays } from '@agent-course/course';
import { type Day, findGradedDays } from './judging/day';
import { displayPath } from './reporting/display-path';
import { findStaleManifest } from './command-line/find-stale-manifest';
import { gradeLab } from './judging/grade-lab';
import { KIT_ROOT } from './beside-lab/kit-paths';
import { parseArguments, type GradeOptions } from './command-line/parse-arguments';
import { pickSeed } from './judging/pick-seed';
import { renderText } from './reporting/render-text';
import { unprivilegedUser } from './process-control/unprivileged-user';
import { usage } from './command-line/usage';

/** Where a grade prints: the process's stdout and stderr, or a test's. */
export interface GradeOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** Runs one `pnpm grade` command line and returns its exit code; never throws. */
export async function main(input: {
  /** What was typed after `pnpm grade`, with what a lab's own script puts first. */
  args: string[];
  /** Where pnpm runs the script: the kit's root, or a lab's folder for the lab's own script. */
  cwd: string;
  /** Read for INIT_CWD (where the person typed the command) and for colour. */
  env: NodeJS.ProcessEnv;
  output: GradeOutput;
  /**
   * Where the student's own files of the kit are: my-days.json (which earlier days are theirs,
   * read by --mine) and the last grades `pnpm progress` shows. The kit's root unless a test says.
   */
  studentFilesRoot?: string;
}): Promise<number> {
  return grade(input).catch((error: unknown) => {
    // A bug in the grader itself; the lab's failures never reach here.
    input.output.stderr(
      `The grader stopped on an unexpected error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  });
}

async function grade({
  args,
  cwd,
  env,
  output,
  studentFilesRoot = KIT_ROOT,
}: Parameters<typeof main>[0]): Promise<number> {
  const fail = (message: string) => refuse({ output, message });
  const { days, broken } = await findGradedDays();
  const dayIds = [...days, ...broken].map((day) => day.id).sort(byDayNumber);
  // pnpm runs a package's script in the package's folder: anywhere but the kit's root, the lab's
  // own `pnpm grade` is running (its script passes `--lab .`).
  const fromRoot = relative(KIT_ROOT, cwd);
  const ownLab =
    fromRoot === ''
      ? undefined
      : fromRoot.startsWith('..') || isAbsolute(fromRoot)
        ? 'this lab'
        : fromRoot;
  // pnpm runs root scripts from the kit root; INIT_CWD is where the person typed the command.
  const invokedFrom = env.INIT_CWD ?? cwd;
  const typedIn = relative(KIT_ROOT, invokedFrom);
  const parsed = parseArguments({
    args,
    days: dayIds,
    ...(ownLab ? { ownLab } : {}),
    ...(typedIn.startsWith('..') || isAbsolute(typedIn) ? {} : { typedIn }),
  });
  if (!parsed.ok) return fail(parsed.error);
  const options = parsed.value;
  if (options.help) {
    output.stdout(usage(dayIds));
    return 0;
  }
  const day = days.find((candidate) => candidate.id === options.dayId);
  // parseArguments took only a day of the two lists: one not graded is a broken one.
  if (!day) {
    const reason = broken.find((candidate) => candidate.id === options.dayId)?.error;
    return fail(`${options.dayId} cannot be graded: ${reason}.`);
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
  if (stale) output.stderr(`${stale}\n`);
  const limit = createLimiter(availableParallelism());

  if (options.target.kind === 'batch') {
    const { gradeBatch } = await import('./command-line/grade-batch');
    return gradeBatch({
      day,
      pattern: options.target.pattern,
      invokedFrom,
      options,
      limit,
      output,
    });
  }
  // pnpm runs a package's script in the package's folder. The lab's own `pnpm grade` passes `--lab
  // .`, meaning the lab, wherever inside it the student typed; a folder the student typed is
  // relative to where they typed it, inside a lab or not.
  const labDir =
    options.target.kind === 'lab'
      ? resolve(options.target.ownScript ? cwd : invokedFrom, options.target.directory)
      : join(KIT_ROOT, options.target.kind === 'solution' ? day.solutionDir : day.labDir);
  // Graded from inside the lab, "." or ".." says little, and a kit lab typed from another one would
  // read as a machine path: the kit's name for it (labs/d4) says which lab it is.
  const typedInside = !relative(labDir, invokedFrom).startsWith('..');
  const inKit = !relative(KIT_ROOT, labDir).startsWith('..');
  // A submission is the student's upload wherever the platform put it: named by its folder alone,
  // so the student reads no path of the grading machine.
  const label =
    options.target.kind === 'lab' && options.target.srcOnly
      ? basename(labDir)
      : displayPath({ path: labDir, from: typedInside || inKit ? KIT_ROOT : invokedFrom });
  // A command suggested to the student names the lab as they would type it where they are.
  const fromTyped = relative(invokedFrom, labDir);
  const typedPath = isAbsolute(fromTyped) ? labDir : fromTyped || '.';
  const colors = createColors(env);
  // The kit's own lab, graded whole for a person to read, is the student's progress (pnpm
  // progress); a submission, one check or a report for a machine or a platform is not.
  const recordsProgress =
    labDir === join(KIT_ROOT, day.labDir) &&
    options.format === 'text' &&
    options.only === undefined;
  // A plain grade runs on the kit's earlier days whatever the student switched (it never reads
  // their own): say so, when they did, so the switch does not look ignored.
  const plain = !options.mine && options.on.length === 0;
  const own = recordsProgress && plain ? readOwnDays(studentFilesRoot) : undefined;
  const switchedEarlier = own?.ok ? switchedDays({ manifest: day.manifest, own: own.value }) : [];
  if (switchedEarlier.length > 0) {
    const earlier = switchedEarlier.map((id) => `day ${id.slice(1)}`).join(' and ');
    output.stderr(
      `${day.id} is graded on the kit's ${earlier}, whatever pnpm switch chose; \`pnpm grade ${day.id} --mine\` grades it on your own.\n`,
    );
  }
  let earlierGraded: EarlierDaysGraded | undefined;
  if (options.mine || options.on.length > 0) {
    const earlier = options.mine
      ? ownEarlierLabs({ day, studentFilesRoot, output })
      : {
          ok: true as const,
          value: options.on.map(({ day: id, directory }) => ({
            id,
            labDir: resolve(invokedFrom, directory),
            label: directory,
          })),
        };
    if (!earlier.ok) return fail(earlier.error);
    const graded = await gradeEarlierDays({
      day,
      days,
      earlier: earlier.value,
      options,
      limit,
      output,
    });
    if (!graded.ok) return fail(graded.error);
    earlierGraded = graded.value;
  }
  const gradeOnce = () =>
    gradeAndPrint({
      ...(earlierGraded ? { earlierGraded } : {}),
      day,
      labDir,
      label,
      typedPath,
      options,
      limit,
      output,
      colors,
      progressRoot: recordsProgress && !earlierGraded ? studentFilesRoot : undefined,
    });
  if (options.watch) {
    const { watchLab } = await import('./command-line/watch-lab');
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
  output: GradeOutput;
  colors: ChalkInstance;
  /** Where the score is recorded as the day's last, for `pnpm progress`; not recorded when absent. */
  progressRoot: string | undefined;
  /** With --mine or --on: the earlier days the lab runs on, as they graded. */
  earlierGraded?: EarlierDaysGraded;
}): Promise<number> {
  const { options, output } = input;
  const seed = options.seed ?? pickSeed();
  const graded = await gradeLab({
    ...input,
    ...(input.earlierGraded
      ? {
          ownDays: input.earlierGraded.map(({ id, labDir, label }) => ({ day: id, labDir, label })),
        }
      : {}),
    srcOnly: options.target.kind === 'lab' && options.target.srcOnly === true,
    timeoutSeconds: options.timeoutSeconds,
    seed,
    ...(options.only ? { only: options.only } : {}),
  });
  if (!graded.ok) return refuse({ output, message: graded.error });
  const ranOn = input.earlierGraded?.map(({ id, label, score, max }) => ({
    day: id,
    lab: label,
    score,
    max,
  }));
  const own = ranOn ? { ...graded.value, ranOn } : graded.value;
  const result = options.stretch
    ? await withStretch({ ...input, seed, result: own, notRun: graded.notRun })
    : { ok: true as const, value: own, notRun: graded.notRun };
  if (!result.ok) return refuse({ output, message: result.error });
  output.stdout(
    await render({ result: result.value, notRun: result.notRun, options, colors: input.colors }),
  );
  if (options.format === 'text' && graded.value.score < graded.value.max) {
    for (const { id, label, score, max } of input.earlierGraded ?? []) {
      if (score === max) continue;
      const yours = options.mine ? 'your ' : '';
      output.stdout(
        `Likely cause: ${yours}day ${id.slice(1)} (${label}) scores ${score}/${max}, and ${input.day.id} ran on it. ` +
          `Finish it (\`pnpm grade ${id}\` names what fails), or grade ${input.day.id} on the kit's day ${id.slice(1)} with \`pnpm grade ${input.day.id}\`.\n`,
      );
    }
  }
  if (input.progressRoot !== undefined) {
    const { score, max } = graded.value;
    const grade = { score, max, at: new Date().toISOString() };
    recordLastGrade({ root: input.progressRoot, day: input.day.id, grade });
  }
  // Stretch checks are optional: the exit code, like the score, counts only the day's checks.
  return graded.value.score === graded.value.max ? 0 : 1;
}

/** An earlier day's lab a grade runs the day's lab on, in place of the kit's finished day. */
interface EarlierLab {
  /** The earlier day, e.g. `d3`. */
  id: string;
  labDir: string;
  /** How it is named in the report. */
  label: string;
}

/** The earlier days a --mine or --on grade runs the lab on, each with its own score. */
type EarlierDaysGraded = Array<EarlierLab & { score: number; max: number }>;

/**
 * For --mine: the kit's labs of the earlier days `day` builds on that the student switched to
 * their own (my-days.json). None is said on stderr; the grade then runs on the kit's days.
 */
function ownEarlierLabs({
  day,
  studentFilesRoot,
  output,
}: {
  day: Day;
  studentFilesRoot: string;
  output: GradeOutput;
}): { ok: true; value: EarlierLab[] } | { ok: false; error: string } {
  const own = readOwnDays(studentFilesRoot);
  if (!own.ok) return own;
  const earlier = day.manifest.buildsOn ?? [];
  const switched = switchedDays({ manifest: day.manifest, own: own.value });
  if (earlier.length === 0) {
    output.stderr(`--mine: ${day.id} builds on no earlier day, so --mine changes nothing.\n`);
  } else if (switched.length === 0) {
    // The latest earlier day is the one a student has most likely just finished.
    const latest = earlier.at(-1)!;
    output.stderr(
      `--mine: ${day.id} runs on none of your own days (\`pnpm switch ${latest} mine\` switches ${latest}), so this grade runs on the kit's, as without --mine.\n`,
    );
  }
  const lab = (id: string) => `labs/${id}`;
  return {
    ok: true,
    value: switched.map((id) => ({ id, labDir: join(KIT_ROOT, lab(id)), label: lab(id) })),
  };
}

/** Grades each earlier lab as a lab of its own day, saying its score in a text report. */
async function gradeEarlierDays(input: {
  day: Day;
  days: Day[];
  earlier: EarlierLab[];
  options: GradeOptions;
  limit: ReturnType<typeof createLimiter>;
  output: GradeOutput;
}): Promise<{ ok: true; value: EarlierDaysGraded } | { ok: false; error: string }> {
  const { day, options, output } = input;
  const graded: EarlierDaysGraded = [];
  for (const earlier of input.earlier) {
    const earlierDay = input.days.find((candidate) => candidate.id === earlier.id);
    if (!(day.manifest.buildsOn ?? []).includes(earlier.id) || !earlierDay) {
      const buildsOn = day.manifest.buildsOn?.join(', ') || 'no earlier day';
      return {
        ok: false,
        error: `${day.id} does not run on ${earlier.id}; it builds on ${buildsOn}.`,
      };
    }
    const result = await gradeLab({
      day: earlierDay,
      labDir: earlier.labDir,
      label: earlier.label,
      timeoutSeconds: options.timeoutSeconds,
      seed: options.seed ?? pickSeed(),
      limit: input.limit,
    });
    if (!result.ok)
      return { ok: false, error: `${earlier.label}, as ${earlier.id}: ${result.error}` };
    const { score, max } = result.value;
    if (options.format === 'text') {
      const whose = options.mine ? 'Your day' : 'Day';
      output.stdout(
        `${whose} ${earlier.id.slice(1)} (${earlier.label}), which ${day.id} runs on in this grade: ${score}/${max}\n`,
      );
    }
    graded.push({ ...earlier, score, max });
  }
  return { ok: true, value: graded };
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
  colors,
}: {
  result: GradeResult;
  /** The checks that did not run (see collectNotRun). */
  notRun: Set<string>;
  options: GradeOptions;
  colors: ChalkInstance;
}): Promise<string> {
  if (options.format === 'gradescope') {
    const { toGradescopeResults } = await import('./reporting/gradescope-results');
    return `${JSON.stringify(toGradescopeResults({ result, notRun }), null, 2)}\n`;
  }
  if (options.format === 'classroom50') {
    const { toClassroom50Report } = await import('./reporting/classroom50-report');
    const note = rootNote(result);
    // The report a student reads in the log and the Release is pnpm grade's own, without colour.
    const text = renderText({
      result,
      notRun,
      verbose: false,
      colors: createColors({ NO_COLOR: '1' }),
      ...(note ? { note } : {}),
    });
    return `${JSON.stringify(toClassroom50Report({ result, notRun, text }), null, 2)}\n`;
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
    colors,
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

/** Says why the command cannot go on, and returns its exit code. */
function refuse({ output, message }: { output: GradeOutput; message: string }): number {
  output.stderr(`${message}\n`);
  return 2;
}
