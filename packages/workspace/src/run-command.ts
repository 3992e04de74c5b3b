import type { Readable } from 'node:stream';
import { BoundedOutput } from './bounded-output';
import { checkCommand } from './check-command';
import { commandEnvironment } from './command-environment';
import {
  DEFAULT_COMMAND_TIMEOUT_MS,
  KILL_GRACE_MS,
  MAX_COMMAND_OUTPUT_CHARS,
  OUTPUT_DRAIN_MS,
} from './limits';
import { isProcessGroupAlive, stopProcessGroup } from './process-group';
import { listenForEndOnce, stopGroupOnExit } from './stop-group-on-exit';
import { stopStrayProcesses, strayMarkerVariable } from './stray-processes';

/** A shell command to run in the workspace. */
export interface RunCommandOptions {
  /** The command line, run by /bin/sh: pipes, `&&` and redirections work as in a terminal. */
  command: string;
  /** The folder it runs in. */
  cwd: string;
  /** Its time limit: DEFAULT_COMMAND_TIMEOUT_MS unless set, at most MAX_COMMAND_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Aborting it (Ctrl-C) stops the command and everything it started. */
  signal?: AbortSignal;
  /** Characters of output kept; MAX_COMMAND_OUTPUT_CHARS unless set. */
  maxOutputChars?: number;
}

/** How a command ended. A non-zero exit code is an ordinary result, not a failure to run. */
export interface CommandOutcome {
  ok: true;
  /** The exit code, or undefined when a signal ended it (or it was never started). */
  exitCode: number | undefined;
  /** The signal that ended it, such as "SIGTERM", or undefined when it exited by itself. */
  exitSignal: NodeJS.Signals | undefined;
  /** It ran out of time, and its process group was stopped. */
  timedOut: boolean;
  /** The caller's signal aborted it, and its process group was stopped. */
  cancelled: boolean;
  /** Processes it left running (in its group, or having left it) were stopped after it ended. */
  stoppedLeftovers: boolean;
  /** Standard output and standard error together, in the order they arrived, head and tail kept. */
  output: string;
  /** Every character it printed, kept or not. */
  outputChars: number;
  /** Characters left out of the middle of `output`; 0 when all of it was kept. */
  cutChars: number;
  /**
   * Wall-clock time from start to settling, in milliseconds. It differs from run to run, so keep
   * it out of anything compared for equality (a transcript, a grader's expected output).
   */
  durationMs: number;
}

/** The outcome, or why the command could not be started at all. */
export type RunCommandResult = CommandOutcome | { ok: false; error: string };

/**
 * Runs a shell command with a time limit, closed standard input and bounded output, and makes
 * sure that nothing it started outlives it.
 *
 * - It starts in a process group of its own (a new session), so a timeout or an abort reaches
 *   every process it started: SIGTERM to the whole group, KILL_GRACE_MS to finish, then SIGKILL.
 * - Standard input is /dev/null: a command that asks a question reads end-of-file at once
 *   instead of waiting for an answer nobody will type. The new session has no terminal either.
 * - The call settles when the command's own process exits, plus at most OUTPUT_DRAIN_MS of
 *   reading what is left in its pipes: a background process holding the pipe open cannot hang
 *   it. Such leftovers are then stopped with the group (`stoppedLeftovers`).
 * - If this process exits while a command runs, the command's group gets SIGKILL.
 * - The agent's own model key is not in its environment (WITHHELD_VARIABLES); the rest is.
 *
 * - A process that leaves the group on purpose (`setsid`, a daemon) is found on Linux by a
 *   variable every process of the command inherits, and stopped too (stray-processes).
 *
 * Linux and macOS only: process groups and group signals are POSIX. On Windows, run the course
 * under WSL; called there natively it returns an error saying so. On macOS, and on Linux for a
 * process that clears its environment, a process that leaves the group is beyond its reach.
 */
export async function runCommand({
  command,
  cwd,
  timeoutMs = DEFAULT_COMMAND_TIMEOUT_MS,
  signal,
  maxOutputChars = MAX_COMMAND_OUTPUT_CHARS,
}: RunCommandOptions): Promise<RunCommandResult> {
  const refusal = await checkCommand({ command, cwd, timeoutMs });
  if (refusal !== undefined) return { ok: false, error: refusal };
  // Loaded on the first command rather than with the package: execa takes a noticeable share of a
  // start-up, and most users of the workspace (the read-only tools, the grader) never run one.
  const { execa } = await import('execa');

  const startedAt = performance.now();
  const output = new BoundedOutput(maxOutputChars);
  const finish = (
    fields: Omit<CommandOutcome, 'ok' | 'output' | 'outputChars' | 'cutChars' | 'durationMs'>,
  ): CommandOutcome => ({
    ok: true,
    ...fields,
    output: output.toString(),
    outputChars: output.totalChars,
    cutChars: output.cutChars,
    durationMs: Math.round(performance.now() - startedAt),
  });
  if (signal?.aborted) {
    return finish({
      exitCode: undefined,
      exitSignal: undefined,
      timedOut: false,
      cancelled: true,
      stoppedLeftovers: false,
    });
  }

  // Every process the command starts inherits this variable, even one that leaves the group.
  const strayVariable = strayMarkerVariable();
  // Before the start, so no SIGTERM or SIGHUP can end this process before the command is listed.
  listenForEndOnce();
  const subprocess = execa(command, {
    shell: true,
    cwd,
    detached: true,
    stdin: 'ignore',
    // The whole environment is given, not added to this process's, so withheld names stay out.
    env: { ...commandEnvironment(), [strayVariable]: '1' },
    extendEnv: false,
    buffer: false,
    reject: false,
    // This code stops the group itself; execa's own clean-up would signal the first process only.
    cleanup: false,
  });
  // With reject: false the promise never rejects; it settles once the pipes are destroyed below.
  const settled = subprocess.then(
    (result) => result,
    () => undefined,
  );
  const groupId = subprocess.pid;
  if (groupId === undefined) {
    const result = await settled;
    return {
      ok: false,
      // execa's message quotes the whole command, which may be long; the system's code says why.
      error: `the command could not be started (${result?.code ?? 'unknown error'}); check that it is a plain shell command, or write it to a file and run that`,
    };
  }
  const forgetGroup = stopGroupOnExit({ groupId, strayVariable });

  const pipes = [subprocess.stdout, subprocess.stderr].filter(
    (pipe): pipe is Readable => pipe !== null,
  );
  for (const pipe of pipes) {
    pipe.setEncoding('utf8');
    pipe.on('data', (text: string) => output.append(text));
  }
  const pipesClosed = Promise.all(
    pipes.map((pipe) => new Promise((resolve) => pipe.once('close', resolve))),
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    subprocess.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })),
  );

  let stopping: Promise<unknown> | undefined;
  let timedOut = false;
  let cancelled = false;
  const stopGroup = () => (stopping ??= stopProcessGroup({ groupId, graceMs: KILL_GRACE_MS }));
  const timer = setTimeout(() => {
    timedOut = true;
    stopGroup();
  }, timeoutMs);
  const onAbort = () => {
    cancelled = true;
    stopGroup();
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  try {
    const exit = await exited;
    clearTimeout(timer);
    // Output written before the exit is already in the pipes; a background process may keep
    // them open for ever, so wait for them to close only for a bounded time.
    await Promise.race([pipesClosed, delay(OUTPUT_DRAIN_MS)]);
    let stoppedLeftovers = false;
    if (stopping === undefined && (await isProcessGroupAlive(groupId))) {
      stoppedLeftovers = true;
      stopGroup();
    }
    if (stopping !== undefined) {
      await stopping;
      await Promise.race([pipesClosed, delay(OUTPUT_DRAIN_MS)]);
    }
    // What left the group (setsid, a daemon) is out of the group signal's reach, not this one's.
    if (await stopStrayProcesses({ variable: strayVariable })) stoppedLeftovers = true;
    return finish({
      exitCode: exit.code ?? undefined,
      exitSignal: exit.signal ?? undefined,
      timedOut,
      cancelled,
      stoppedLeftovers,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    forgetGroup();
    for (const pipe of pipes) pipe.destroy();
    await Promise.race([settled, delay(OUTPUT_DRAIN_MS)]);
  }
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds).unref());
}
