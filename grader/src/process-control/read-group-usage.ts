import { execFile } from 'node:child_process';
// The process-group module alone: the whole package would load every engine into the grader.
import {
  isLiveState,
  type ProcessStat,
  readProcessGroupStats,
  readProcessStat,
} from '@agent-course/workspace/process-group';
// The stray-processes module alone, for the same reason.
import { findStrayProcesses } from '@agent-course/workspace/stray-processes';
import { MEMBER_SCAN_INTERVAL_MS } from '../beside-lab/limits';

/** What a process group is doing at one moment. */
export interface GroupUsage {
  /** CPU time (user and system) used so far by the group's live processes and their reaped children. */
  cpuMs: number;
  /** True when a process of the group is running or waiting for a core (or for the disk). */
  runnable: boolean;
  /** How many live processes the group has (zombies are not counted); 0 once it is gone. */
  processCount: number;
}

/**
 * Reads the CPU time and state of every process in the group led by `groupId`, from /proc on
 * Linux and from `ps` elsewhere (macOS). Undefined when neither can be read: the caller then falls
 * back to wall-clock time. A process that vanishes while it is read is simply not counted.
 */
export async function readGroupUsage(groupId: number): Promise<GroupUsage | undefined> {
  const members = readProcessGroupStats(groupId);
  if (members) return sumUsage(members);
  return readGroupUsageFromPs(groupId).catch(() => undefined);
}

/**
 * Reads a group's usage again and again, as a check's time limits need: every process on the
 * machine is looked at only once per MEMBER_SCAN_INTERVAL_MS, and between those scans only the
 * members found last. A process the group starts in between is counted from the next scan (its
 * CPU time is counted from its start, so none is lost); a busy machine has hundreds of processes,
 * and reading them all five times a second took the CPU the graded processes needed.
 *
 * With `marker`, the CPU time of every process carrying it that left the group (`setsid`) is
 * counted too, so work moved out of the group still runs into the CPU limit. Such a process's
 * time stays counted once it has ended: it would otherwise leave the reading, and work done in
 * short-lived processes outside the group would never add up. (A member that reaps one counts its
 * time again, in its children's time: that errs towards stopping sooner, never later.)
 */
export function createGroupUsageReader({
  groupId,
  marker,
}: {
  groupId: number;
  marker?: string;
}): () => Promise<GroupUsage | undefined> {
  let members: number[] = [];
  let scannedAt = Number.NEGATIVE_INFINITY;
  // The last CPU time read of each process outside the group, by pid.
  const outside = new Map<number, number>();
  return async () => {
    const now = performance.now();
    const scan = members.length === 0 || now - scannedAt >= MEMBER_SCAN_INTERVAL_MS;
    const stats = readProcessGroupStats(groupId, scan ? {} : { among: members });
    if (!stats) return readGroupUsageFromPs(groupId).catch(() => undefined);
    if (scan) scannedAt = now;
    members = stats.flatMap((stat) => (stat.processId === undefined ? [] : [stat.processId]));
    const usage = sumUsage(stats);
    if (!marker) return usage;
    if (scan)
      for (const stray of findStrayProcesses(marker))
        if (stray.groupId !== groupId && !outside.has(stray.pid)) outside.set(stray.pid, 0);
    for (const [processId, cpuMs] of outside) {
      const stat = readProcessStat(processId);
      // Gone (or its pid taken by another process): what it used stays counted.
      if (!stat || stat.groupId === groupId || stat.cpuMs < cpuMs) continue;
      outside.set(processId, stat.cpuMs);
      if (!isLiveState(stat.state)) continue;
      // It runs, so the check is not idle: it waits for work that is being done.
      if (/^[RDU]/.test(stat.state)) usage.runnable = true;
    }
    for (const cpuMs of outside.values()) usage.cpuMs += cpuMs;
    return usage;
  };
}

/** The same reading from `ps`, which macOS has and Linux has too (so it is tested there). */
export function readGroupUsageFromPs(groupId: number): Promise<GroupUsage> {
  return new Promise((resolve, reject) => {
    execFile('ps', ['-A', '-o', 'pgid=,state=,time='], (error, stdout) => {
      if (error) return reject(error);
      const stats = stdout.split('\n').map(parsePsLine);
      resolve(sumUsage(stats.filter((stat) => stat !== undefined && stat.groupId === groupId)));
    });
  });
}

/** Parses one `ps -o pgid=,state=,time=` line, e.g. `4242 R+ 01:02.50` (macOS) or `4242 R 00:01:02` (Linux). */
export function parsePsLine(line: string): ProcessStat | undefined {
  const [groupId, state, time] = line.trim().split(/\s+/);
  if (!groupId || !state || !time) return undefined;
  const cpuMs = parseCpuTime(time);
  if (!/^\d+$/.test(groupId) || cpuMs === undefined) return undefined;
  return { groupId: Number(groupId), state: state[0] ?? '', cpuMs };
}

/** `[[DD-]HH:]MM:SS[.ff]` as milliseconds. */
export function parseCpuTime(text: string): number | undefined {
  const match = /^(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+(?:\.\d+)?)$/.exec(text);
  if (!match) return undefined;
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = match;
  return (
    ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60_000 + Number(seconds) * 1000
  );
}

function sumUsage(stats: (ProcessStat | undefined)[]): GroupUsage {
  let cpuMs = 0;
  let runnable = false;
  let processCount = 0;
  for (const stat of stats) {
    if (!stat) continue;
    cpuMs += stat.cpuMs;
    // A zombie has exited and waits only for its parent to collect it: it neither runs nor keeps
    // the group going, so a group of zombies counts as gone.
    if (!isLiveState(stat.state)) continue;
    processCount += 1;
    // R: running or waiting for a core; D (Linux) and U (macOS): waiting for the disk. A process
    // starved of CPU on a busy machine is R, so it never looks idle.
    if (/^[RDU]/.test(stat.state)) runnable = true;
  }
  return { cpuMs, runnable, processCount };
}
