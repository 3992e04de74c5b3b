import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { escapeControlCharacters } from '@agent-course/core';
import type { ToolDef, ToolResult } from '@agent-course/core';
import {
  BoundedOutput,
  DEFAULT_COMMAND_TIMEOUT_MS,
  KILL_GRACE_MS,
  KILL_WAIT_MS,
  MAX_COMMAND_OUTPUT_CHARS,
  MAX_COMMAND_TIMEOUT_MS,
  OUTPUT_DRAIN_MS,
  findEscapedProcesses,
  isProcessGroupAlive,
  prepareCommand,
  stopGroupOnExit,
  stopStrayProcesses,
  waitUntil,
} from '@agent-course/workspace';
import type { PreparedCommand, StrayProcess } from '@agent-course/workspace';
import { z } from 'zod';

export const RunCommandParameters = z.strictObject({
  command: z
    .string()
    .min(1)
    .describe(
      'A shell command run by /bin/sh in the working directory, e.g. "npm test". Required.',
    ),
  timeout_ms: z
    .number()
    .int()
    .positive()
    .max(MAX_COMMAND_TIMEOUT_MS)
    .optional()
    .describe(
      `Time limit in milliseconds. Default ${DEFAULT_COMMAND_TIMEOUT_MS}, at most ${MAX_COMMAND_TIMEOUT_MS}.`,
    ),
});
export type RunCommandParameters = z.infer<typeof RunCommandParameters>;

/**
 * run_command: a shell command with a time limit, no standard input and bounded output. When the
 * limit passes (or the person presses Ctrl-C) every process the command started is stopped, not
 * only the shell, so nothing it started outlives the call.
 */
export const runCommandTool: ToolDef<typeof RunCommandParameters> = {
  name: 'run_command',
  description: [
    'Run a shell command in the working directory and return its exit code and its output (stdout and stderr together).',
    'Example: {"command": "npm test"} or {"command": "node --test test/calc.test.js", "timeout_ms": 30000}.',
    `Limits: ${DEFAULT_COMMAND_TIMEOUT_MS / 1000} s unless timeout_ms says otherwise (up to ${MAX_COMMAND_TIMEOUT_MS / 1000} s), after which the command and everything it started are stopped;`,
    `standard input is empty, so a command that asks a question gets no answer: pass flags such as --yes instead; output over ${MAX_COMMAND_OUTPUT_CHARS} characters keeps its start and end.`,
    'A non-zero exit code is reported, not an error: read the output. Linux and macOS (Windows through WSL).',
  ].join(' '),
  parameters: RunCommandParameters,
  readOnly: false,
  async run({ command, timeout_ms }, { cwd, signal }) {
    const timeoutMs = timeout_ms ?? DEFAULT_COMMAND_TIMEOUT_MS;
    if (signal.aborted) return { ok: false, content: 'cancelled before it started; nothing ran' };
    const prepared = await prepareCommand({ command, cwd, timeoutMs });
    if (!prepared.ok) return { ok: false, content: prepared.error };
    const startedAt = performance.now();
    const startedAtMs = Date.now();
    // Where commands run isolated, prepared.command is what runs the model's in namespaces.
    const ran = await runInProcessGroup({
      command: prepared.command,
      cwd,
      timeoutMs,
      signal,
      prepared,
    });
    // What left the group on purpose (setsid, a daemon) is out of the group signal's reach.
    const strays = await stopStrayProcesses({ variable: prepared.strayVariable });
    const endedInNamespace = await prepared.endedInNamespace();
    if (!ran.ok) return { ok: false, content: ran.error };
    // Not isolated, a process can also clear its environment: named as still running, never stopped.
    const stillRunning =
      prepared.isolated || ran.groupId === undefined
        ? []
        : findEscapedProcesses({ sessionId: ran.groupId, startedAtMs });
    const result = describeOutcome({
      outcome: {
        ...ran,
        stoppedLeftovers: ran.stoppedLeftovers || strays || endedInNamespace,
        stillRunning,
      },
      timeoutMs,
      durationMs: Math.round(performance.now() - startedAt),
    });
    // After the output, so that the result still starts with how the command ended.
    return prepared.notice
      ? { ...result, content: `${result.content}\n\n${prepared.notice}` }
      : result;
  },
};

/** How a command ended. A non-zero exit code is an ordinary result, not a failure to run. */
export interface CommandOutcome {
  ok: true;
  /** The exit code, or null when a signal ended the shell. */
  exitCode: number | null;
  /** The signal that ended the shell, such as "SIGTERM", or null when it exited by itself. */
  exitSignal: NodeJS.Signals | null;
  /** It ran out of time, and its process group was stopped. */
  timedOut: boolean;
  /** The run's signal aborted it (Ctrl-C), and its process group was stopped. */
  cancelled: boolean;
  /** Processes it left running after its shell had exited were stopped. */
  stoppedLeftovers: boolean;
  /**
   * The process group it ran as, which is also its session (the shell leads both), so that what
   * left the group can be found in the session. Optional: an outcome without it is still whole.
   */
  groupId?: number;
  /** Processes that may be its own and could not be stopped as its own: named, still running. */
  stillRunning?: StrayProcess[];
  /** Standard output and standard error together, in the order they arrived, head and tail kept. */
  output: BoundedOutput;
}

/** The outcome, or why the command could not be started. */
export type CommandRun = CommandOutcome | { ok: false; error: string };

/**
 * Runs `/bin/sh -c command` as the leader of a process group of its own, so that a time-out or
 * Ctrl-C reaches every process it started: SIGTERM to the whole group, KILL_GRACE_MS to clean up,
 * then SIGKILL. It settles on the shell's exit, not on its pipes closing: a background child may
 * hold them open for ever.
 */
async function runInProcessGroup({
  command,
  cwd,
  timeoutMs,
  signal,
  prepared,
}: {
  command: string;
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
  prepared: PreparedCommand;
}): Promise<CommandRun> {
  // TODO(3): run_command: run the command as a process group and stop the whole group on time-out
  //   Spawn /bin/sh -c command with detached: true (the shell then leads a new process group whose
  //   id is its pid), stdin ignored, stdout and stderr piped into a BoundedOutput, env:
  //   prepared.env, and hand the pid to stopGroupOnExit. At timeoutMs, or when the signal aborts,
  //   stop the whole group: process.kill(-pid, 'SIGTERM') (ESRCH: it has gone), up to KILL_GRACE_MS
  //   waiting with waitUntil and isProcessGroupAlive, then SIGKILL. Settle on the shell's exit
  //   event, never on close (a background child can hold the pipes open): read them for at most
  //   OUTPUT_DRAIN_MS, stop the group if anything is left in it, and return the CommandOutcome.
  return { ok: false, error: 'run_command is not written yet' };
}

/**
 * The result the model reads: a header saying how the command ended and how long it took, then its
 * output. A command that ran out of time or was cancelled is a failed result; any exit code is not.
 */
export function describeOutcome({
  outcome,
  timeoutMs,
  durationMs,
}: {
  outcome: CommandOutcome;
  timeoutMs: number;
  durationMs: number;
}): ToolResult {
  const seconds = `${(durationMs / 1000).toFixed(1)} s`;
  const ending = outcome.timedOut
    ? `timed out after ${seconds} (limit ${timeoutMs} ms); the command and every process it started were stopped (SIGTERM, then SIGKILL after ${KILL_GRACE_MS / 1000} s). Run something quicker, or raise timeout_ms if it needs longer`
    : outcome.cancelled
      ? `cancelled after ${seconds}; the command and every process it started were stopped`
      : outcome.exitCode !== null
        ? `exit code ${outcome.exitCode} after ${seconds}`
        : `ended by ${outcome.exitSignal ?? 'a signal'} after ${seconds}`;
  const leftovers = outcome.stoppedLeftovers
    ? '\nprocesses it left running in the background were stopped'
    : '';
  const stillRunning = outcome.stillRunning?.length
    ? `\nstill running, perhaps started by this command outside its process group, out of its reach (commands are not isolated here): ${outcome.stillRunning.map((process) => `${process.pid} ${process.commandLine}`).join('; ')}; if one is the command's, stop it with kill and its number`
    : '';
  const { output } = outcome;
  const cut =
    output.cutChars > 0
      ? ` (${output.totalChars} characters; ${output.cutChars} cut from the middle)`
      : '';
  // Written for a terminal, shown to a model: control characters come as their escapes (\x1b).
  const shown = escapeControlCharacters(output.toString());
  const text = output.totalChars === 0 ? 'no output' : `output${cut}:\n${shown}`;
  return {
    ok: !outcome.timedOut && !outcome.cancelled,
    content: `${ending}${leftovers}${escapeControlCharacters(stillRunning)}\n${text}`,
    // For the terminal: the duration differs from run to run, so nothing compares it.
    meta: { durationMs, exitCode: outcome.exitCode ?? undefined, timedOut: outcome.timedOut },
  };
}
