import { readdirSync, readFileSync } from 'node:fs';

/**
 * Reading process groups: whether one still has living members, and what /proc says of each
 * process. Stopping a group is the lesson's (day 4's run_command); what is here only looks.
 */

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
  const members = readProcessGroupStats(groupId);
  return members === undefined || members.some((member) => isLiveState(member.state));
}

/** One process as /proc/<pid>/stat (Linux) or `ps` (macOS) describes it. */
export interface ProcessStat {
  /** Its process id, where known (/proc gives it; the grader's `ps` reading does not ask). */
  processId?: number;
  /** The process group it belongs to. */
  groupId: number;
  /** Its state letter: R running, S sleeping, D disk wait, Z zombie, X dead, and so on. */
  state: string;
  /** CPU time (user and system) it and the children it has reaped have used. */
  cpuMs: number;
}

/** Linux's clock tick for /proc CPU times; `getconf CLK_TCK` says 100 on every common platform. */
const LINUX_TICKS_PER_SECOND = 100;

/**
 * Whether a process in this state is still alive. A zombie (Z) has exited and only waits for its
 * parent to collect it; X is a process being removed. Neither runs nor will run again.
 */
export function isLiveState(state: string): boolean {
  return !/^[ZX]/.test(state);
}

/**
 * Every process of the group, read from /proc; undefined where there is no /proc (macOS), so the
 * caller can ask `ps` or trust signal 0 instead. A process that ends while it is read is left out.
 * With `among`, only those processes are read (the members found last time): a caller that reads
 * a group often need not read every process on the machine each time.
 */
export function readProcessGroupStats(
  groupId: number,
  options: { among?: number[] } = {},
): ProcessStat[] | undefined {
  if (process.platform !== 'linux') return undefined;
  let entries: string[];
  try {
    entries = options.among?.map(String) ?? readdirSync('/proc');
  } catch {
    return undefined;
  }
  // Synchronous reads: /proc files live in memory, and a hundred of them take about a millisecond,
  // where a hundred round trips through the thread pool take a hundred times as long.
  const members: ProcessStat[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcessStat(Number(entry));
    if (stat?.groupId === groupId) members.push(stat);
  }
  return members;
}

/**
 * Parses a /proc/<pid>/stat line (see proc(5)). The command name in parentheses may hold spaces
 * and parentheses, so the fields are counted from the last `)`: state, ppid, pgrp, ... and utime,
 * stime, cutime, cstime are fields 14 to 17 of the line.
 */
export function parseProcStat(line: string): ProcessStat | undefined {
  const close = line.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = line.slice(close + 2).split(' ');
  // fields[0] is field 3 of the line (state), so field N of the line is fields[N - 3].
  const [state, groupId, ...ticks] = [
    fields[0],
    fields[2],
    fields[11],
    fields[12],
    fields[13],
    fields[14],
  ];
  const numbers = [groupId, ...ticks].map(Number);
  if (!state || numbers.some((value) => !Number.isFinite(value))) return undefined;
  const [group = 0, ...cpuTicks] = numbers;
  const totalTicks = cpuTicks.reduce((sum, value) => sum + value, 0);
  const processId = Number(line.slice(0, line.indexOf(' ')));
  return {
    ...(Number.isInteger(processId) && processId > 0 ? { processId } : {}),
    groupId: group,
    state,
    cpuMs: (totalTicks * 1000) / LINUX_TICKS_PER_SECOND,
  };
}

/** One process's stat (`self` for this one), or undefined once it has ended or off Linux. */
export function readProcessStat(processId: number | 'self'): ProcessStat | undefined {
  return parseProcStat(readProcFile(`/proc/${processId}/stat`));
}

/** A /proc file's text, or '' when its process ended while the folder was being read. */
function readProcFile(filePath: string): string {
  try {
    return readFileSync(filePath, 'utf8');
  } catch {
    return '';
  }
}
