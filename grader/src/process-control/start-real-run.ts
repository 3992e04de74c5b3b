import type { CompileError } from '@agent-course/course';
import { createSandbox } from '@agent-course/sandbox';
import type { TimeLimitKind } from './create-time-budget';
import type { CompiledLab } from '../compiled/compile-lab';
import { mapCompiledPositions } from '../compiled/map-compiled-positions';
import { labEnvironment } from './lab-environment';
import { startBoundedProcess } from './start-bounded-process';
import { watchTimeLimits } from './watch-time-limits';
import { createStudentFolder, handOverFolder } from '../lab-files/student-folders';

/** What a check's judging part asks of the lab's real run: `MOCK=1 <environment> pnpm start`. */
export interface RealRunRequest {
  /** Added to the run's environment, e.g. `{ INJECT: 'bad_args' }`. */
  environment: Record<string, string>;
  /**
   * How the run of a lab that does everything right ends, when not with exit code 0 and nothing
   * said: what the grader's own tests, which judge a check without a real run, are told it did.
   */
  endsWell?: RealRun;
}

/** How the lab's real run ended, as the grader saw it: an observation, judged by its check. */
export type RealRun =
  /** The lab's command line does not compile, so nothing ran: why, and the lab's line when known. */
  | { kind: 'not-compiled'; error: string; compileError?: CompileError }
  /** It ran into a time limit and was stopped. */
  | { kind: 'stopped'; timeLimit: { kind: TimeLimitKind; limitMs: number } }
  /** It ended by itself: its exit code or signal, and the end of its stderr at the lab's lines. */
  | { kind: 'ended'; exitCode: number | null; signal: NodeJS.Signals | null; stderr: string };

/**
 * Runs the lab's command line as a real process, offline (`MOCK=1`) in a practice sandbox, and
 * records how it ended: what only a process shows (a process.exit, an unhandled rejection, a timer
 * or server left open that keeps it from ending). Started once the program is built, beside the
 * check process, by the compiled launcher (see launch-lab-program.ts), told the program on stdin.
 */
export async function startRealRun(options: {
  request: RealRunRequest;
  /** The run's own scratch folder, inside the grade's (see scratchDirOf). */
  scratchDir: string;
  /** TMPDIR for the run (see student-folders.ts). */
  studentTemp: string;
  /** The run's time limit, a check's. */
  timeoutMs: number;
  /** The compiled launch-lab-program.ts. */
  launcher: string;
  /** The lab's command line compiled into one program, or why it does not compile. */
  program: Promise<CompiledLab['commandLine']>;
}): Promise<RealRun> {
  // As root, the run is another user's, who may write only in here.
  await createStudentFolder(options.scratchDir);
  // Made out of the lab's reach and handed over whole (see student-folders.ts).
  const sandbox = await handOverFolder({
    into: options.scratchDir,
    name: 'sandbox',
    build: async (folder) => {
      await createSandbox({ directory: folder });
    },
  });
  // Offline and plain, without the model key of whoever grades.
  const env = labEnvironment({ MOCK: '1', NO_COLOR: '1', ...options.request.environment });
  const program = await options.program;
  if (!program.ok) {
    const { error, compileError } = program;
    return { kind: 'not-compiled', error, ...(compileError ? { compileError } : {}) };
  }
  const started = startBoundedProcess({
    args: [options.launcher, '--cwd', sandbox],
    stdinText: `${program.file}\n${program.source}`,
    cwd: options.scratchDir,
    env,
    tempDir: options.studentTemp,
  });
  const ended = await watchTimeLimits({ started, timeoutMs: options.timeoutMs });
  if (ended.timedOut && ended.timeLimit) return { kind: 'stopped', timeLimit: ended.timeLimit };
  return {
    kind: 'ended',
    exitCode: ended.exitCode,
    signal: ended.signal,
    stderr: mapCompiledPositions({ text: ended.stderrTail, file: program.file }),
  };
}
