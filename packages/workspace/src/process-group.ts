import { readdirSync, readFileSync } from 'node:fs';
import { GROUP_POLL_MS, KILL_GRACE_MS, KILL_WAIT_MS } from './limits';

/**
 * A command started in its own process group (a new session, as `detached` does on Linux and
 * macOS) shares the group's id with its first process, and every process it starts joins the
 * group unless it leaves on purpose (`setsid`, as daemons do). Signalling the negative id
 * reaches all of them at once; signalling only the first process, as a plain `kill` does, leaves
 * its children running with nobody to stop them.
 */

/** Sends `signal` to every process in the group; a group that has already gone is no error. */
export function signalProcessGroup({
  groupId,
  signal,
}: {
  groupId: number;
  signal: NodeJS.Signals;
}): void {
  try {
    process.kill(-groupId, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Whether any process of the group is still running. Signal 0 tests for members without
 * sending anything, but it also counts zombies: processes that have exited and wait for a parent
 * to collect them. Orphans are collected by process 1, and in some containers process 1 never
 * does, so on Linux the members found are checked in /proc and zombies are not counted.
 */
export async function isProcessGroupAlive(groupId: number): Promise<boolean> {
  try {
    process.kill(-groupId, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: a member belongs to another user, so it exists.
    return true;
  }
  if (process.platform !== 'linux') return true;
  // Synchronous reads: /proc files live in memory, and a hundred of them take about a millisecond,
  // where a hundred round trips through the thread pool take a hundred times as long.
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcFile(`/proc/${entry}/stat`);
    // "pid (command name) state ppid pgrp ...": the name may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === groupId && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
}

/** A /proc file's text, or '' when its process ended while the folder was being read. */
function readProcFile(filePath: string): string {
  try {
    return readFileSync(filePath, 'utf8');
  } catch {
    return '';
  }
}

/** How a group was stopped. */
export interface GroupStop {
  /** SIGKILL was needed: some process ignored or outlasted SIGTERM for the whole grace period. */
  forced: boolean;
  /** A process survived even SIGKILL for KILL_WAIT_MS (stuck in the kernel); rare, but reported. */
  survived: boolean;
}

/**
 * Stops every process of the group: SIGTERM, so each can clean up; then, if any is left after
 * the grace period, SIGKILL, which cannot be caught or ignored. Returns once the group is gone,
 * or after KILL_WAIT_MS more if something outlives even SIGKILL.
 */
export async function stopProcessGroup({
  groupId,
  graceMs = KILL_GRACE_MS,
}: {
  groupId: number;
  graceMs?: number;
}): Promise<GroupStop> {
  signalProcessGroup({ groupId, signal: 'SIGTERM' });
  if (await waitForGroupToEnd({ groupId, waitMs: graceMs }))
    return { forced: false, survived: false };
  signalProcessGroup({ groupId, signal: 'SIGKILL' });
  const ended = await waitForGroupToEnd({ groupId, waitMs: KILL_WAIT_MS });
  return { forced: true, survived: !ended };
}

/** Polls until the group has no living member (true) or `waitMs` has passed (false). */
async function waitForGroupToEnd({
  groupId,
  waitMs,
}: {
  groupId: number;
  waitMs: number;
}): Promise<boolean> {
  const deadline = performance.now() + waitMs;
  for (;;) {
    if (!(await isProcessGroupAlive(groupId))) return true;
    if (performance.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
  }
}
