import { setTimeout as sleep } from 'node:timers/promises';
import { findMarkedProcesses, killProcesses } from '@agent-course/workspace/testing';
import type { SeenResult } from './edit-workspace';

/**
 * How long the check waits for a call that its limit, Ctrl-C or its shell's exit should have
 * ended. Such a call returns within a few seconds (the engine's grace period is 2 s); one that
 * waits for something that never comes runs until the engine's default limit (60 s) or the
 * grader's --timeout, so the verdict would depend on --timeout. Over twice what a correct lab
 * takes leaves a busy machine room, and is below the grader's default idle limit (10 s).
 */
export const WAIT_FOR_END_MS = 8_000;

/** What a transcript and a message say of a call that did not end in time. */
export const STILL_RUNNING = `still running after ${WAIT_FOR_END_MS / 1000} s`;

/** How often the check looks for the command's processes while a call runs. */
const POLL_MS = 50;

/** A call that ended in time: its result, what it left running, and whether it ran at all. */
export interface EndedCall {
  result: SeenResult;
  /** The command lines of the marked processes still running once it returned. */
  survivors: string[];
  /** A marked process was seen running while it ran. */
  started: boolean;
}

/**
 * Makes a call whose command carries `marker` in the check process, waiting for it to end at most
 * WAIT_FOR_END_MS (or until `deadline`) while the grader looks for the command's processes
 * itself; returns undefined when it did not end in time. Either way every marked process left is
 * killed (so a call still waiting then ends), and the ones found after the call are returned as
 * survivors.
 */
export async function callWithin({
  marker,
  call,
  deadline = performance.now() + WAIT_FOR_END_MS,
}: {
  marker: string;
  call: () => Promise<SeenResult>;
  deadline?: number;
}): Promise<EndedCall | undefined> {
  // How the call settled, once it has: a step that failed (the lab threw, the check process
  // stopped) is passed on once the command's processes are gone.
  const ending: { settled?: { result: SeenResult } | { error: unknown } } = {};
  const pending = call().then(
    (result) => {
      ending.settled = { result };
    },
    (error: unknown) => {
      ending.settled = { error };
    },
  );
  let started = false;
  while (ending.settled === undefined && performance.now() < deadline) {
    if (!started && (await findMarkedProcesses(marker)).length > 0) started = true;
    await sleep(POLL_MS);
  }
  const leftovers = await findMarkedProcesses(marker);
  killProcesses(leftovers);
  // Its processes are gone now, so a call still running ends; wait for it, so nothing runs on
  // behind the check.
  const timedOut = ending.settled === undefined;
  await pending;
  const settled = ending.settled!;
  if ('error' in settled) throw settled.error;
  if (timedOut) return undefined;
  return {
    result: settled.result,
    survivors: leftovers.map((survivor) => survivor.commandLine),
    started,
  };
}
