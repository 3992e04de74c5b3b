import { type DayCheck, DEFAULT_HINT } from '@agent-course/course';
import type { CheckOutcome } from './check';
import { blameThrow, findThrowingExercise } from './blame-throw';
import type { JudgedResult } from './judged-result';

/**
 * The result of a judged outcome, as the report gives it: a throw is blamed on the exercise whose
 * code holds its place in the lab (see blame-throw.ts). Wherever the check was judged: in the
 * grader beside a check process, or in a test's own process (see judge-in-process.ts).
 */
export function resultOfOutcome({
  check,
  outcome,
  labDir,
}: {
  check: DayCheck;
  outcome: CheckOutcome;
  labDir: string;
}): JudgedResult {
  const at = outcome.passed ? undefined : outcome.threw?.at;
  const thrownIn = at === undefined ? undefined : findThrowingExercise({ labDir, at });
  return toCheckResult({ check, outcome, thrownIn });
}

/** The result of an outcome, with the hint its manifest gives for the mistake seen. */
function toCheckResult({
  check,
  outcome,
  thrownIn,
}: {
  check: DayCheck;
  outcome: CheckOutcome;
  /** For an outcome that threw: the exercise whose code holds the place (see blame-throw.ts). */
  thrownIn?: number;
}): JudgedResult {
  const named = { id: check.id, title: check.title };
  const transcript = outcome.transcript ? { transcript: outcome.transcript } : {};
  if (outcome.passed) return { ...named, status: 'pass', message: '', hint: '', ...transcript };
  const mistakeHint = outcome.mistake === undefined ? undefined : check.hints[outcome.mistake];
  const checkHint = mistakeHint ?? check.hints[DEFAULT_HINT] ?? '';
  const threw = outcome.threw;
  // A throw (not an exit or a crash) on a line no exercise owns: see JudgedResult.unownedThrow.
  const unowned =
    threw?.at !== undefined && thrownIn === undefined && (threw.kind ?? 'thrown') === 'thrown';
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
    ...(outcome.notRun ? { notRun: outcome.notRun } : {}),
    ...(unowned && outcome.errorKind !== 'timeout' ? { unownedThrow: threw.at } : {}),
  };
}
