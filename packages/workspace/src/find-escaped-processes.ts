import { readdirSync, readFileSync } from 'node:fs';
import { isLiveState } from './process-group';
import type { StrayProcess } from './stray-processes';

/**
 * Where commands do not run isolated, a process can leave both the command's process group and
 * its marker variable (stray-processes.ts): `env -i` clears the variable, and a process that
 * renames itself (Perl's `$0`, setproctitle) writes over the memory /proc/<pid>/environ shows.
 * Two traces are left that need no variable. One that left only its group (`setpgrp`, job
 * control) stays in the command's session, which the command started (it runs `detached`). One
 * that left the session too (`setsid`) is a session leader that began while the command ran,
 * orphaned to process 1 or to one of the agent's own ancestors (a subreaper such as
 * `systemd --user`): most likely the command's, but it could be the person's. Both are named as
 * still running, never stopped: the stop is the command's own (day 4's exercise), and a net that
 * ended what it missed would hide a stop that signals the shell alone from the grader, which runs
 * commands as they run here. Linux only, as /proc is; elsewhere nothing is found.
 */

/**
 * How long before the command's start a process may have begun and still count as begun while
 * it ran: /proc counts start times in clock ticks (10 ms), and the uptime read is rounded too.
 */
const START_MARGIN_MS = 50;

/**
 * How many still-running processes a result names, and how much of each command line: a
 * command can start thousands, and a process writes its own command line, any length.
 */
const MAX_NAMED_PROCESSES = 10;
const MAX_NAMED_COMMAND_LINE_CHARS = 200;

/** Linux's clock tick for /proc start times (see process-group.ts). */
const LINUX_TICKS_PER_SECOND = 100;

/**
 * Names what the command started outside its process group that still runs after its stop: what
 * is left in the session `sessionId` (the command's shell's pid, which leads it), then the
 * orphaned new sessions begun since `startedAtMs` (Date.now() at the command's start). At most
 * MAX_NAMED_PROCESSES, their command lines cut at MAX_NAMED_COMMAND_LINE_CHARS.
 */
export function findEscapedProcesses({
  sessionId,
  startedAtMs,
}: {
  sessionId: number;
  startedAtMs: number;
}): StrayProcess[] {
  const sinceTicks = startTicks(startedAtMs - START_MARGIN_MS);
  const orphanParents = new Set([1, ...ancestorsOfThisProcess()]);
  const processes = readProcesses();
  const leftInSession = processes.filter((entry) => entry.sessionId === sessionId);
  const newSessions = processes.filter(
    (entry) =>
      entry.sessionId === entry.pid &&
      entry.pid !== sessionId &&
      entry.startTicks >= sinceTicks &&
      orphanParents.has(entry.parentId),
  );
  return [...leftInSession, ...newSessions]
    .slice(0, MAX_NAMED_PROCESSES)
    .map(({ pid, groupId, commandLine }) => ({
      pid,
      groupId,
      commandLine:
        commandLine.length > MAX_NAMED_COMMAND_LINE_CHARS
          ? `${commandLine.slice(0, MAX_NAMED_COMMAND_LINE_CHARS - 1)}…`
          : commandLine,
    }));
}

/** One living process of this user, as its /proc/<pid>/stat and cmdline tell it. */
interface ProcessEntry extends StrayProcess {
  parentId: number;
  sessionId: number;
  /** When it started, in clock ticks since the system booted. */
  startTicks: number;
}

/** Every living process of this user but this one; empty off Linux. */
function readProcesses(): ProcessEntry[] {
  if (process.platform !== 'linux') return [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const userId = process.getuid?.();
  const found: ProcessEntry[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const stat = parseStat(readProcFile(`/proc/${entry}/stat`));
    if (!stat || !isLiveState(stat.state)) continue;
    const owner = /^Uid:\s*(\d+)/m.exec(readProcFile(`/proc/${entry}/status`))?.[1];
    if (owner === undefined || Number(owner) !== userId) continue;
    const commandLine = readProcFile(`/proc/${entry}/cmdline`).replaceAll('\0', ' ').trim();
    found.push({ pid: Number(entry), commandLine, ...stat });
  }
  return found;
}

/** The fields of a /proc/<pid>/stat line this file needs, counted from the last `)` (proc(5)). */
function parseStat(
  line: string,
): (Omit<ProcessEntry, 'pid' | 'commandLine'> & { state: string }) | undefined {
  const close = line.lastIndexOf(')');
  if (close < 0) return undefined;
  // fields[0] is field 3 of the line (state), so field N of the line is fields[N - 3].
  const fields = line.slice(close + 2).split(' ');
  const [parentId, groupId, sessionId, startTicks] = [
    fields[1],
    fields[2],
    fields[3],
    fields[19],
  ].map(Number);
  const state = fields[0];
  if (
    !state ||
    [parentId, groupId, sessionId, startTicks].some((value) => !Number.isInteger(value))
  )
    return undefined;
  return {
    state,
    parentId: parentId ?? 0,
    groupId: groupId ?? 0,
    sessionId: sessionId ?? 0,
    startTicks: startTicks ?? 0,
  };
}

/** A wall-clock time (Date.now()) as /proc start times count it: ticks since boot. */
function startTicks(atMs: number): number {
  const uptimeSeconds = Number(readProcFile('/proc/uptime').split(' ')[0]);
  if (!Number.isFinite(uptimeSeconds)) return Number.POSITIVE_INFINITY;
  const bootMs = Date.now() - uptimeSeconds * 1000;
  return Math.floor(((atMs - bootMs) / 1000) * LINUX_TICKS_PER_SECOND);
}

/** This process's parent, its parent's parent, and so on: where an orphan may be reparented. */
function ancestorsOfThisProcess(): number[] {
  const ancestors: number[] = [];
  let current = process.ppid;
  while (current > 1 && !ancestors.includes(current)) {
    ancestors.push(current);
    current = parseStat(readProcFile(`/proc/${current}/stat`))?.parentId ?? 0;
  }
  return ancestors;
}

/** A /proc file's text, or '' when its process has ended or is another user's. */
function readProcFile(filePath: string): string {
  try {
    return readFileSync(filePath, 'utf8');
  } catch {
    return '';
  }
}
