import type { CheckOutcome } from './check';
import { describeTimeLimit } from '../process-control/describe-stopped-process';
import { describeCrash } from '../beside-lab/describe-crash';
import { STDERR_TAIL_LINES } from '../beside-lab/limits';
import type { RealRun } from '../process-control/start-real-run';
import { lastLines } from '../beside-lab/tail-collector';

/**
 * Judges how the lab's real run of `command` ended: it must end by itself with exit code 0. A
 * failure says how it ended instead and, when the lab's stderr names a line (a process.exit, an
 * uncaught error), points the hint there (see blame-throw.ts).
 */
export function judgeRealRun({
  run,
  command,
  labDir,
}: {
  run: RealRun;
  /** The command as the chapter writes it, e.g. `MOCK=1 INJECT=bad_args pnpm start`. */
  command: string;
  labDir: string;
}): CheckOutcome {
  if (run.kind === 'not-compiled') {
    return {
      passed: false,
      expected: `\`${command}\` to start`,
      got: `its command line does not compile: ${run.error}`,
      errorKind: 'crashed',
      // Said once for the grade, as the lab's own compile error is (see collectNotRun).
      ...(run.compileError ? { notRun: { kind: 'compile', compileError: run.compileError } } : {}),
    };
  }
  if (run.kind === 'stopped') {
    return {
      passed: false,
      expected: `\`${command}\` to finish`,
      got:
        run.timeLimit.kind === 'idleMs'
          ? describeIdleStop(run.timeLimit.limitMs)
          : `it ${describeTimeLimit(run.timeLimit)}`,
      errorKind: 'timeout',
    };
  }
  if (run.exitCode === 0) return { passed: true };
  const crash = describeCrash({ stderr: run.stderr, labDir });
  const said =
    crash?.said ??
    lastLines({ text: run.stderr, count: STDERR_TAIL_LINES })
      .join(' / ')
      .replaceAll(`${labDir}/`, '');
  return {
    passed: false,
    expected: `\`${command}\` to exit with code 0, as a process`,
    got: `it exited with code ${run.exitCode ?? run.signal}${said ? `: ${said}` : ''}`,
    mistake: 'exit-code',
    // Where the exit was called or the error thrown, the hint points at that line and its TODO
    // (see blame-throw.ts); the exit-code hint, which names no place, is for an exit with none.
    ...(crash?.at ? { threw: { at: crash.at, kind: crash.kind } } : {}),
  };
}

/**
 * An idle stop, for a whole process rather than one promise: nothing was left running, yet it did
 * not exit, so something still holds the event loop open, and waiting longer changes nothing.
 */
function describeIdleStop(limitMs: number): string {
  return (
    `it did not end by itself: it sat idle for ${limitMs / 1000} s with nothing left to do and was stopped. ` +
    'Something keeps the process alive after the run: a timer (setInterval, or a long setTimeout), a ' +
    'server or another open handle, or a promise that never settles. Clear or close it once the run ' +
    'is over; more time with --timeout will not help'
  );
}
