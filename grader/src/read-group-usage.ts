import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

/** What a process group is doing at one moment. */
export interface GroupUsage {
  /** CPU time (user and system) used so far by the group's live processes and their reaped children. */
  cpuMs: number;
  /** True when a process of the group is running or waiting for a core (or for the disk). */
  runnable: boolean;
  /** How many processes the group has; 0 once it is gone. */
  processCount: number;
}

/** Linux's clock tick for /proc CPU times; `getconf CLK_TCK` says 100 on every common platform. */
const LINUX_TICKS_PER_SECOND = 100;

/**
 * Reads the CPU time and state of every process in the group led by `groupId`, from /proc on
 * Linux and from `ps` elsewhere (macOS). Undefined when neither can be read: the caller then falls
 * back to wall-clock time. A process that vanishes while it is read is simply not counted.
 */
export async function readGroupUsage(groupId: number): Promise<GroupUsage | undefined> {
  if (process.platform === 'linux') {
    const usage = await readFromProc(groupId).catch(() => undefined);
    if (usage) return usage;
  }
  return readGroupUsageFromPs(groupId).catch(() => undefined);
}

async function readFromProc(groupId: number): Promise<GroupUsage> {
  const entries = await readdir('/proc');
  const stats = await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map((pid) => readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')),
  );
  return sumUsage(
    stats.map(parseProcStat).filter((stat) => stat !== undefined && stat.groupId === groupId),
  );
}

/** One process as /proc/<pid>/stat describes it (see proc(5)). */
export interface ProcessStat {
  groupId: number;
  state: string;
  cpuMs: number;
}

/**
 * Parses a /proc/<pid>/stat line. The command name in parentheses may hold spaces and parentheses,
 * so the fields are counted from the last `)`: state, ppid, pgrp, ... utime is field 14 of the line.
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
  if (state === undefined || numbers.some((value) => !Number.isFinite(value))) return undefined;
  const [group = 0, ...cpuTicks] = numbers;
  const totalTicks = cpuTicks.reduce((sum, value) => sum + value, 0);
  return { groupId: group, state, cpuMs: (totalTicks * 1000) / LINUX_TICKS_PER_SECOND };
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
    processCount += 1;
    cpuMs += stat.cpuMs;
    // R: running or waiting for a core; D (Linux) and U (macOS): waiting for the disk. A process
    // starved of CPU on a busy machine is R, so it never looks idle.
    if (/^[RDU]/.test(stat.state)) runnable = true;
  }
  return { cpuMs, runnable, processCount };
}
