import { findExerciseAt } from './find-exercise-at';
import { readLabFile } from '../lab-files/read-lab-file';

/** Where a lab threw (`src/file.ts:line`), split; undefined for anything else. */
function splitPlace(at: string): { file: string; line: number } | undefined {
  const place = /^(.+):(\d+)$/.exec(at);
  return place ? { file: place[1]!, line: Number(place[2]) } : undefined;
}

/**
 * The exercise whose code holds the place a lab threw (see findExerciseAt), read from the lab's
 * file at once: a process about to end for a crash cannot wait for a read, and the file is small.
 * The place may come from the check process, which runs the lab's code and so may say anything
 * (`at: ../../../root/secret:1`), so the file is read only when it is a regular file of the lab's
 * `src` (see readLabFile), and otherwise no exercise is blamed.
 */
export function findThrowingExercise({
  labDir,
  at,
}: {
  labDir: string;
  /** Where the lab threw, as findLabFrame gives it. */
  at: string;
}): number | undefined {
  const place = splitPlace(at);
  if (!place) return undefined;
  const file = readLabFile({ labDir, file: place.file, within: 'src' });
  return file.ok ? findExerciseAt({ source: file.text, line: place.line }) : undefined;
}

/**
 * How the lab's line stopped what ran: a throw the check caught (`thrown`), a throw nothing caught,
 * which ended the lab's process (`uncaught`), a rejected promise nothing awaited or caught, which
 * did too (`unhandled`; the line is where its error was made), or a call of process.exit (`exit`).
 */
export type StopKind = 'thrown' | 'uncaught' | 'unhandled' | 'exit';

/** What the hint says after the place and TODO: what the line did, then what to do (`owner`: whose code). */
function whatToDo({ kind, owner }: { kind: StopKind; owner: string }): string {
  if (kind === 'exit') {
    return `this line calls process.exit, which ends the whole process there; let ${owner} return instead (a tool's failure as { ok: false }), so the run goes on and ends by itself with exit code 0`;
  }
  if (kind === 'uncaught') {
    return `this line threw and nothing caught it, which ended the process; make ${owner} handle this without throwing`;
  }
  if (kind === 'unhandled') {
    return `the error made on this line rejected a promise that nothing awaited or caught, which ended the process; in ${owner}, await that promise inside a try, or give it a .catch`;
  }
  return `this line threw; make ${owner} handle this input without throwing`;
}

/**
 * The hint for a check whose lab threw or exited. A throw (not an exit) in the code of the check's
 * own exercise keeps the check's hint when that hint names the exercise's TODO; otherwise the hint names the
 * place and the TODO whose code holds it (the check's hint may be another exercise's, or say
 * nothing of where, as a generic exit-code hint does); in code no exercise owns, the place alone;
 * and with no place (no frame of the lab's in the stack), nothing, since naming a TODO then would
 * be a guess.
 */
export function blameThrow({
  at,
  exercise,
  checkExercise,
  checkHint,
  kind = 'thrown',
}: {
  /** Where the lab threw, or undefined when its stack names no file of the lab's. */
  at: string | undefined;
  /** The exercise whose code holds `at`, if any. */
  exercise: number | undefined;
  /** The exercise the check is about (the manifest's `exercise`). */
  checkExercise: number | undefined;
  /** The hint the check gives for what it saw. */
  checkHint: string;
  /** What the line did; a throw the check caught unless said otherwise. */
  kind?: StopKind;
}): string {
  if (at === undefined) return '';
  // An exit is worded as one even in the check's own exercise: its hint is about what to compute.
  if (
    kind !== 'exit' &&
    exercise !== undefined &&
    exercise === checkExercise &&
    checkHint.includes(`TODO(${exercise})`)
  ) {
    return checkHint;
  }
  return exercise === undefined
    ? `${at} — ${whatToDo({ kind, owner: 'the code there' })}`
    : `${at}, TODO(${exercise}) — ${whatToDo({ kind, owner: `your code for TODO(${exercise})` })}`;
}
