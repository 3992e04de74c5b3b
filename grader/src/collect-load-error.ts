import type { CheckResult, LoadError } from '@agent-course/course';
import { findThrowingExercise } from './blame-throw';
import { markNotRun } from './mark-not-run';

/** The words a batch's reason gives a lab that threw while it loaded, before the place. */
export const DOES_NOT_LOAD = 'the lab does not load';

/** How a check's message starts when the lab threw while it loaded, so the check never ran. */
export const NOT_LOADED = `not run: ${DOES_NOT_LOAD}`;

/**
 * A lab's throw while its files were imported, read from a (scrubbed) report message, as
 * importLabFile words it: `importing src/index.ts failed: boom (at src/truncate-result.ts:24)`.
 * Undefined for any other message. Run after collectCompileError, which takes the imports that
 * failed for want of compiling.
 */
export function describeLoadError(message: string): Omit<LoadError, 'exercise'> | undefined {
  const thrown =
    /^expected: the lab to load\ngot: importing (\S+) failed: ([\s\S]*?)(?: \(at (\S+:\d+)\))?$/.exec(
      message,
    );
  if (!thrown) return undefined;
  const [, file = '', reason = '', at] = thrown;
  return { where: at ?? file, reason };
}

/**
 * Takes the load error out of a lab's results, to be said once for the whole grade, like a compile
 * error: every check that could not run because importing the lab threw says only that, with no
 * hint of its own (its TODO may well be right), and the grade carries where, what and the TODO
 * owning that line (`loadError`). Results are unchanged, and there is no load error, when the lab
 * loads.
 */
export async function collectLoadError({
  results,
  labDir,
}: {
  /** The grade's finished, scrubbed results, compile errors already collected. */
  results: CheckResult[];
  /** The lab as graded, whose file that threw is read for the TODO owning the line. */
  labDir: string;
}): Promise<{ results: CheckResult[]; loadError?: LoadError }> {
  const described = results.map((result) =>
    result.status === 'pass' ? undefined : describeLoadError(result.message),
  );
  const first = described.find((entry) => entry !== undefined);
  if (!first) return { results };
  const exercise = await findThrowingExercise({ labDir, at: first.where });
  const loadError: LoadError = { ...first, ...(exercise === undefined ? {} : { exercise }) };
  return {
    loadError,
    results: results.map((result, index) => {
      const stopped = described[index];
      return stopped ? markNotRun({ result, message: `${NOT_LOADED} (${stopped.where})` }) : result;
    }),
  };
}
