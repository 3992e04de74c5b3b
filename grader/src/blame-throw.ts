import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findExerciseAt } from './find-exercise-at';
import { findLabFrame } from './find-lab-frame';

/**
 * What a check reports of an error thrown while it ran: `got` says what and, when a frame of the
 * lab's says so, where (`it threw: not done yet (at src/truncate-result.ts:23)`), and `at` is
 * that place.
 */
export function describeThrow({
  error,
  labDir,
  thrower = 'it',
}: {
  error: unknown;
  labDir: string;
  /** What threw, as the sentence starts: `the accumulator` when the check knows. */
  thrower?: string;
}): {
  got: string;
  at?: string;
} {
  const reason = error instanceof Error ? error.message : String(error);
  const at = findLabFrame({ error, labDir });
  const got = `${thrower} threw: ${reason}`;
  return at ? { got: `${got} (at ${at})`, at } : { got };
}

/** Where a lab threw (`src/file.ts:line`), split; undefined for anything else. */
function splitPlace(at: string): { file: string; line: number } | undefined {
  const place = /^(.+):(\d+)$/.exec(at);
  return place ? { file: place[1]!, line: Number(place[2]) } : undefined;
}

/** The exercise whose code holds the place a lab threw (see findExerciseAt), read from the lab's file. */
export async function findThrowingExercise({
  labDir,
  at,
}: {
  labDir: string;
  /** Where the lab threw, as findLabFrame gives it. */
  at: string;
}): Promise<number | undefined> {
  const place = splitPlace(at);
  if (!place) return undefined;
  const source = await readFile(join(labDir, place.file), 'utf8').catch(() => '');
  return findExerciseAt({ source, line: place.line });
}

/** What the hint says of a throw in code no exercise owns, after the place. */
const UNOWNED_THROW = 'this line threw; make the code there handle this input without throwing';

/**
 * The place a hint of blameThrow's names when the throw was in code no exercise owns (the given
 * code, such as the loop around the student's TODOs), or undefined for any other hint.
 */
export function findUnownedThrow(hint: string): string | undefined {
  return hint.endsWith(` — ${UNOWNED_THROW}`)
    ? hint.slice(0, -` — ${UNOWNED_THROW}`.length)
    : undefined;
}

/**
 * The hint for a check whose lab threw. A throw in the code of the check's own exercise keeps the
 * check's hint, which already names that TODO; in another exercise's code the hint names that
 * place and its TODO instead; in code no exercise owns, the place alone; and with no place (no
 * frame of the lab's in the stack), nothing, since naming a TODO then would be a guess.
 */
export function blameThrow({
  at,
  exercise,
  checkExercise,
  checkHint,
}: {
  /** Where the lab threw, or undefined when its stack names no file of the lab's. */
  at: string | undefined;
  /** The exercise whose code holds `at`, if any. */
  exercise: number | undefined;
  /** The exercise the check is about (the manifest's `exercise`). */
  checkExercise: number | undefined;
  /** The hint the check gives for what it saw. */
  checkHint: string;
}): string {
  if (at === undefined) return '';
  if (exercise !== undefined && exercise === checkExercise) return checkHint;
  return exercise === undefined
    ? `${at} — ${UNOWNED_THROW}`
    : `${at}, TODO(${exercise}) — this line threw; make your code for TODO(${exercise}) handle this input without throwing`;
}
