import { handOverFolder } from '../../../student-folders';
import { createSandbox } from '@agent-course/sandbox';
import type { CheckContext, CheckOutcome } from '../../../check';
import { describeTimeLimit } from '../../../create-time-budget';
import { describeCrash } from '../../../describe-crash';
import { labEnvironment } from '../../../lab-environment';
import { mapCompiledPositions } from '../../../compiled/map-compiled-positions';
import { STDERR_TAIL_LINES } from '../../../limits';
import { spawnBounded } from '../../../spawn-bounded';
import { lastLines } from '../../../tail-collector';

/** The command whose exit code the chapter promises. */
const COMMAND = 'MOCK=1 INJECT=bad_args pnpm start';

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

/**
 * The one real process a grade starts from the lab's command line: `MOCK=1 INJECT=bad_args pnpm
 * start` must end with exit code 0. The bad-arguments check judges the run's answers in-process;
 * what only a process shows (a `process.exit`, an unhandled rejection, a server or timer left
 * open that keeps it from ending) is judged here. It runs beside the check process, in the grader.
 */
export async function run(context: CheckContext): Promise<CheckOutcome> {
  const commandLine = context.labCommandLine;
  if (!commandLine) {
    return {
      passed: false,
      expected: `\`${COMMAND}\` to start`,
      got: 'the lab was not compiled',
      errorKind: 'crashed',
    };
  }
  // Made out of the lab's reach and handed over whole (see student-folders.ts).
  const sandbox = {
    directory: await handOverFolder({
      into: context.scratchDir,
      name: 'sandbox',
      build: async (folder) => {
        await createSandbox({ directory: folder });
      },
    }),
  };
  // Offline and plain, without the model key of whoever grades.
  const env = labEnvironment({ MOCK: '1', NO_COLOR: '1', INJECT: 'bad_args' });
  // Started while the program may still compile (see launch-lab-program.ts), and told its path
  // once built.
  await commandLine.startWhen;
  const ended = await spawnBounded({
    args: [commandLine.launcher, ...['--cwd', sandbox.directory]],
    stdinText: commandLine.program.then((program) =>
      program.ok ? `${program.file}\n${program.source}` : '',
    ),
    cwd: context.scratchDir,
    env,
    tempDir: context.tempDir,
    timeoutMs: context.timeoutMs,
  });
  const program = await commandLine.program;
  if (!program.ok) {
    return {
      passed: false,
      expected: `\`${COMMAND}\` to start`,
      got: `its command line does not compile: ${program.error}`,
      errorKind: 'crashed',
    };
  }
  if (ended.timedOut && ended.timeLimit) {
    return {
      passed: false,
      expected: `\`${COMMAND}\` to finish`,
      got:
        ended.timeLimit.kind === 'idleMs'
          ? describeIdleStop(ended.timeLimit.limitMs)
          : `it ${describeTimeLimit(ended.timeLimit)}`,
      errorKind: 'timeout',
    };
  }
  if (ended.exitCode === 0) return { passed: true };
  const stderr = mapCompiledPositions({ text: ended.stderrTail, file: program.file });
  const crash = describeCrash({ stderr, labDir: context.labDir });
  const said =
    crash?.said ??
    lastLines({ text: stderr, count: STDERR_TAIL_LINES })
      .join(' / ')
      .replaceAll(`${context.labDir}/`, '');
  return {
    passed: false,
    expected: `\`${COMMAND}\` to exit with code 0, as a process`,
    got: `it exited with code ${ended.exitCode ?? ended.signal}${said ? `: ${said}` : ''}`,
    mistake: 'exit-code',
    // Where the exit was called or the error thrown, the hint points at that line and its TODO
    // (see blame-throw.ts); the exit-code hint, which names no place, is for an exit with none.
    ...(crash?.at ? { threw: { at: crash.at, kind: crash.kind } } : {}),
  };
}
