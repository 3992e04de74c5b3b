import { join } from 'node:path';
import { type CheckResult, DEFAULT_HINT } from '@agent-course/course';
import type { Check, CheckContext, CheckOutcome, ProcessRunModule } from './check';
import { blameThrow, describeThrow, findThrowingExercise } from './blame-throw';
import { LabLoadError } from './lab-load-error';
import { createStudentFolder } from './student-folders';

/**
 * A check's scratch dir: named for the check inside the grade's own folder, so the grader knows
 * every scratch path and can hide them all from the report in one place (see grade-lab.ts). A
 * check's process run (see Day.processRuns) runs at the same time as the check, so it has its own.
 */
export function scratchDirOf({
  scratchRoot,
  check,
  part = 'check',
}: {
  scratchRoot: string;
  check: { id: string };
  part?: ScratchPart;
}): string {
  return join(scratchRoot, `${part}-${check.id}`);
}

/** Which part of a check a scratch dir is for: the check itself, or its process run. */
export type ScratchPart = 'check' | 'process-run';

/**
 * Runs a check in the current process with a scratch dir of its own, and turns its outcome into
 * the check's result, with the hint its manifest gives for the mistake seen. Paths are left as
 * they are: the grader scrubs each result once, whichever process it came from. Used by the check
 * child, and by the grader for checks whose lab code runs only in a CLI process they spawn.
 */
export async function runCheckHere(options: {
  /** The check, with its process run as the code to run. */
  check: Omit<Check, 'load'> & { load(): Promise<ProcessRunModule> };
  labDir: string;
  timeoutMs: number;
  /** The grade's seed, handed to the check. */
  seed: number;
  /** The folder the grader owns for this grade (a real path); the check's scratch dir is made inside it. */
  scratchRoot: string;
  /** TMPDIR for the lab's processes (see student-folders.ts). */
  studentTemp: string;
  /** Which part of the check runs; its scratch dir is named for it. */
  part?: ScratchPart;
  /** The lab's compiled command line, for a part that runs it as a process. */
  labCommandLine?: CheckContext['labCommandLine'];
}): Promise<CheckResult> {
  const { check, labDir } = options;
  const scratchDir = scratchDirOf(options);
  // A check in the grader runs the lab's CLI in here; as root, that CLI runs as another user.
  await createStudentFolder(scratchDir);
  let outcome: CheckOutcome;
  try {
    const { run } = await check.load();
    outcome = await run({
      labDir,
      scratchDir,
      tempDir: options.studentTemp,
      ...(options.labCommandLine ? { labCommandLine: options.labCommandLine } : {}),
      timeoutMs: options.timeoutMs,
      seed: options.seed,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    outcome =
      error instanceof LabLoadError
        ? { passed: false, expected: 'the lab to load', got: reason, errorKind: 'crashed' }
        : throwOutcome(describeThrow({ error, labDir }));
  }
  return resultOfOutcome({ check, outcome, labDir });
}

/**
 * A check that threw. Only a throw with a frame in the lab's files is the lab's, to be blamed by
 * place; without one (the check's own code, or the kit's), the check's own hint stands.
 */
function throwOutcome({ got, threw }: ReturnType<typeof describeThrow>): CheckOutcome {
  return {
    passed: false,
    expected: 'the check to run to the end',
    got,
    ...(threw ? { threw } : {}),
  };
}

/**
 * The result of a judged outcome, as the report gives it: a throw is blamed on the exercise whose
 * code holds its place in the lab (see blame-throw.ts). Wherever the check was judged: in the
 * grader beside a check process, here, or in a test's own process (see judge-in-process.ts).
 */
export function resultOfOutcome({
  check,
  outcome,
  labDir,
}: {
  check: Omit<Check, 'load'>;
  outcome: CheckOutcome;
  labDir: string;
}): CheckResult {
  const at = outcome.passed ? undefined : outcome.threw?.at;
  const thrownIn = at === undefined ? undefined : findThrowingExercise({ labDir, at });
  return toCheckResult({ check, outcome, thrownIn });
}

/** The result of an outcome; exported for the tests of each day's hints. */
export function toCheckResult({
  check,
  outcome,
  thrownIn,
}: {
  check: Omit<Check, 'load'>;
  outcome: CheckOutcome;
  /** For an outcome that threw: the exercise whose code holds the place (see blame-throw.ts). */
  thrownIn?: number;
}): CheckResult {
  const named = { id: check.id, title: check.title };
  const transcript = outcome.transcript ? { transcript: outcome.transcript } : {};
  if (outcome.passed) return { ...named, status: 'pass', message: '', hint: '', ...transcript };
  const mistakeHint = outcome.mistake === undefined ? undefined : check.hints[outcome.mistake];
  const checkHint = mistakeHint ?? check.hints[DEFAULT_HINT] ?? '';
  return {
    ...named,
    status: outcome.errorKind ? 'error' : 'fail',
    ...(outcome.errorKind ? { errorKind: outcome.errorKind } : {}),
    message: `expected: ${outcome.expected}\ngot: ${outcome.got}`,
    // Running out of time says nothing about which exercise is wrong, so a timeout gets no TODO.
    hint:
      outcome.errorKind === 'timeout'
        ? ''
        : outcome.threw
          ? blameThrow({
              at: outcome.threw.at,
              exercise: thrownIn,
              checkExercise: check.exercise,
              checkHint,
              ...(outcome.threw.kind ? { kind: outcome.threw.kind } : {}),
            })
          : checkHint,
    ...transcript,
  };
}
