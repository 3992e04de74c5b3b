import type { CheckResult, LoadError } from '@agent-course/course';
import { findThrowingExercise } from './blame-throw';
import { markNotRun } from './mark-not-run';

/** The words a batch's reason gives a lab that threw while it loaded, before the place. */
export const DOES_NOT_LOAD = 'the lab does not load';

/** How a check's message starts when the lab threw while it loaded, so the check never ran. */
export const NOT_LOADED = `not run: ${DOES_NOT_LOAD}`;

/** The words a batch's reason gives a lab whose import never finished, before the file. */
export const DOES_NOT_FINISH_LOADING = 'the lab never finishes loading';

/** How a check's message starts when the lab's import never finished, so the check never ran. */
export const NOT_FINISHED_LOADING = `not run: ${DOES_NOT_FINISH_LOADING}`;

/** The first line of a report that the lab did not load. */
export const EXPECTED_TO_LOAD = 'expected: the lab to load';

/** The file a day's check process imports first (each day's loadLab), which imports the rest. */
export const LAB_ENTRY = 'src/index.ts';

/** How a report of a load that never finished words it, before the file and how it stopped. */
export const NEVER_FINISHED = 'never finished importing';

/**
 * A lab's throw while its files were imported, read from a (scrubbed) report message, as
 * importLabFile words it: `importing src/index.ts failed: boom (at src/truncate-result.ts:24)`; or
 * an import that never finished, as the grader words a check process that ended while loading the
 * lab: `never finished importing src/index.ts: it sat idle ...`. Undefined for any other message.
 * Run after collectCompileError, which takes the imports that failed for want of compiling.
 */
export function describeLoadError(message: string): Omit<LoadError, 'exercise'> | undefined {
  const unfinished = new RegExp(
    `^${EXPECTED_TO_LOAD}\\ngot: ${NEVER_FINISHED} (\\S+): ([\\s\\S]*)$`,
  ).exec(message);
  if (unfinished) {
    const [, file = '', how = ''] = unfinished;
    return { where: file, reason: how, unfinished: true };
  }
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
  // A load that never finished names no line, so no TODO owns it.
  const exercise = first.unfinished ? undefined : findThrowingExercise({ labDir, at: first.where });
  const loadError: LoadError = { ...first, ...(exercise === undefined ? {} : { exercise }) };
  return {
    loadError,
    results: results.map((result, index) => {
      const stopped = described[index];
      if (!stopped) return result;
      const said = stopped.unfinished ? NOT_FINISHED_LOADING : NOT_LOADED;
      return markNotRun({ result, message: `${said} (${stopped.where})` });
    }),
  };
}
