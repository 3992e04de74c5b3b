// Generated from solutions/d4/src/tools/run-command.ts (day 4's solution, finished) by
// `pnpm starter d4`. Do not edit it here: change the solution and run that again.
import type { ToolDef, ToolResult } from '@agent-course/core';
import {
  DEFAULT_COMMAND_TIMEOUT_MS,
  KILL_GRACE_MS,
  MAX_COMMAND_OUTPUT_CHARS,
  MAX_COMMAND_TIMEOUT_MS,
  runCommand,
} from '@agent-course/workspace';
import type { CommandOutcome } from '@agent-course/workspace';
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
    // The engine starts the command in a process group of its own and stops the whole group.
    const ran = await runCommand({ command, cwd, timeoutMs: timeout_ms, signal });
    if (!ran.ok) return { ok: false, content: ran.error };
    return describeOutcome({ outcome: ran, timeoutMs: timeout_ms ?? DEFAULT_COMMAND_TIMEOUT_MS });
  },
};

/**
 * The result the model reads: a header saying how the command ended and how long it took, then its
 * output. A command that ran out of time or was cancelled is a failed result; any exit code is not.
 */
export function describeOutcome({
  outcome,
  timeoutMs,
}: {
  outcome: CommandOutcome;
  timeoutMs: number;
}): ToolResult {
  const seconds = `${(outcome.durationMs / 1000).toFixed(1)} s`;
  const ending = outcome.timedOut
    ? `timed out after ${seconds} (limit ${timeoutMs} ms); the command and every process it started were stopped (SIGTERM, then SIGKILL after ${KILL_GRACE_MS / 1000} s). Run something quicker, or raise timeout_ms if it needs longer`
    : outcome.cancelled
      ? `cancelled after ${seconds}; the command and every process it started were stopped`
      : outcome.exitCode !== undefined
        ? `exit code ${outcome.exitCode} after ${seconds}`
        : `ended by ${outcome.exitSignal ?? 'a signal'} after ${seconds}`;
  const leftovers = outcome.stoppedLeftovers
    ? '\nprocesses it left running in the background were stopped'
    : '';
  const cut =
    outcome.cutChars > 0
      ? ` (${outcome.outputChars} characters; ${outcome.cutChars} cut from the middle)`
      : '';
  const output = outcome.outputChars === 0 ? 'no output' : `output${cut}:\n${outcome.output}`;
  return {
    ok: !outcome.timedOut && !outcome.cancelled,
    content: `${ending}${leftovers}\n${output}`,
    // For the terminal: the duration differs from run to run, so nothing compares it.
    meta: {
      durationMs: outcome.durationMs,
      exitCode: outcome.exitCode,
      timedOut: outcome.timedOut,
    },
  };
}
