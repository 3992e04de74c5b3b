import type { CompileError, LoadError } from '@agent-course/course';
import { findThrowingExercise } from './blame-throw';
import type { JudgedResult, NotRun } from './judged-result';

/** The words a batch's reason gives a lab that does not compile, before its first problem. */
export const DOES_NOT_COMPILE = 'the lab does not compile';

/** The words a batch's reason gives a lab that threw while it loaded, before the place. */
export const DOES_NOT_LOAD = 'the lab does not load';

/** The words a batch's reason gives a lab whose import never finished, before the file. */
export const DOES_NOT_FINISH_LOADING = 'the lab never finishes loading';

/** What collectNotRun found: the results, which checks did not run, and why, said once. */
export interface CollectedNotRun {
  /** The results, each check that did not run saying only that. */
  results: JudgedResult[];
  /** The ids of the checks that did not run. */
  notRun: Set<string>;
  /** Set when the lab does not compile. */
  compileError?: CompileError;
  /** Set when the lab compiles but threw, or never finished, while it loaded. */
  loadError?: LoadError;
}

/**
 * Takes out of a lab's results why checks could not run, to be said once for the whole grade:
 * every check the lab stopped before it could run (it does not compile, or throws or never
 * finishes as it loads) says only that, with no hint of its own (its TODO may well be right), and
 * the grade carries where and why. A lab whose import failed is built once more for an import of
 * what a kit package does not export (`findKitImportError`), which Node names without the lab's
 * line; found, it is a compile error. Results are unchanged when every check ran.
 */
export async function collectNotRun({
  results,
  labDir,
  findKitImportError,
}: {
  /** The grade's finished, scrubbed results. */
  results: JudgedResult[];
  /** The lab as graded, whose file that threw is read for the TODO owning the line. */
  labDir: string;
  /** Looks for a kit import the lab's line names a missing export of (see find-kit-import-error.ts). */
  findKitImportError: () => Promise<CompileError | undefined>;
}): Promise<CollectedNotRun> {
  const stopped = (result: JudgedResult) => (result.status === 'pass' ? undefined : result.notRun);
  const threwAtLoad = results.some((result) => {
    const notRun = stopped(result);
    return notRun?.kind === 'load' && !notRun.unfinished;
  });
  const kitImportError = threwAtLoad ? await findKitImportError() : undefined;
  const reasons = results.map((result): NotRun | undefined => {
    const notRun = stopped(result);
    return kitImportError && notRun?.kind === 'load' && !notRun.unfinished
      ? { kind: 'compile', compileError: kitImportError }
      : notRun;
  });
  const compileErrors = reasons.flatMap((reason) =>
    reason?.kind === 'compile' ? [reason.compileError] : [],
  );
  const compileError = compileErrors[0] && {
    where: compileErrors[0].where,
    problems: [...new Set(compileErrors.flatMap((error) => error.problems))],
  };
  const loadError = reasons
    .filter((reason) => reason?.kind === 'load')
    .map(({ where, reason, unfinished }): LoadError => {
      // A load that never finished names no line, so no TODO owns it.
      const exercise = unfinished ? undefined : findThrowingExercise({ labDir, at: where });
      return {
        where,
        reason,
        ...(unfinished ? { unfinished } : {}),
        ...(exercise === undefined ? {} : { exercise }),
      };
    })[0];
  return {
    results: results.map((result, index) => {
      const reason = reasons[index];
      return reason
        ? {
            ...result,
            notRun: reason,
            status: 'error',
            errorKind: 'crashed',
            message: `not run: ${describeNotRun(reason, compileError)}`,
            hint: '',
          }
        : result;
    }),
    notRun: new Set(results.filter((_, index) => reasons[index]).map((result) => result.id)),
    ...(compileError ? { compileError } : {}),
    ...(loadError ? { loadError } : {}),
  };
}

/** Why a check did not run, as its message says it: `the lab does not load (src/a.ts:3)`. */
function describeNotRun(reason: NotRun, compileError: CompileError | undefined): string {
  // A compile error is said at the grade's one place to fix first, whichever check met it.
  if (reason.kind === 'compile') return `${DOES_NOT_COMPILE} (${compileError!.where})`;
  return `${reason.unfinished ? DOES_NOT_FINISH_LOADING : DOES_NOT_LOAD} (${reason.where})`;
}
