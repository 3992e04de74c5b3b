import { execFile } from 'node:child_process';
// The process-group module alone: the whole package would load every engine into the grader.
import {
  isLiveState,
  type ProcessStat,
  readProcessGroupStats,
} from '@agent-course/workspace/process-group';
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
 */
export function createGroupUsageReader(groupId: number): () => Promise<GroupUsage | undefined> {
  let members: number[] = [];
  let scannedAt = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = performance.now();
    const scan = members.length === 0 || now - scannedAt >= MEMBER_SCAN_INTERVAL_MS;
    const stats = readProcessGroupStats(groupId, scan ? {} : { among: members });
    if (!stats) return readGroupUsageFromPs(groupId).catch(() => undefined);
    if (scan) scannedAt = now;
    members = stats.flatMap((stat) => (stat.processId === undefined ? [] : [stat.processId]));
    return sumUsage(stats);
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
