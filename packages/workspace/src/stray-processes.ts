import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { KILL_GRACE_MS, KILL_WAIT_MS } from './limits';
import { isLiveState, readProcessStat } from './process-group';
import { waitUntil } from './wait-until';

/**
 * A process can leave its command's process group on purpose: `setsid`, or a daemon's double
 * fork. A group signal no longer reaches it. What it keeps is its environment, and every process
 * the command starts inherits it, so each command gets a variable of its own name
 * (strayMarkerVariable), and the processes still carrying that name are the command's strays.
 * Each command's name differs, so a command run inside another carries both and is found by both.
 *
 * Linux only: /proc/<pid>/environ shows another process's environment (its own user's, or any as
 * root). Elsewhere nothing is found, as before. A process that clears its environment before it
 * leaves (`env -i`) is still out of reach.
 */

/** The prefix of every marker variable, so a person reading `env` sees where it comes from. */
const MARKER_PREFIX = 'AGENT_COURSE_COMMAND_';

/** A new variable name for one command's processes to carry. */
export function strayMarkerVariable(): string {
  return `${MARKER_PREFIX}${randomBytes(8).toString('hex').toUpperCase()}`;
}

/** A process found carrying a command's marker variable. */
export interface StrayProcess {
  pid: number;
  /** The process group it is in: a caller can tell one that left the command's group. */
  groupId: number;
  /** Its command line, arguments separated by spaces, for a message naming it. */
  commandLine: string;
}

/**
 * How many passes killStrayProcesses may make over the process table. A stray that forks a
 * successor and exits at once (pid hopping) has often ended by the time a pass reads it, and its
 * successor is not in that pass's listing, so one pass catches only some of a storm; what a pass
 * catches it stops for good. Twenty such chains are caught in a few dozen passes of about a
 * millisecond each; the bound only keeps a table that never settles from holding the caller forever.
 */
const MAX_SWEEP_PASSES = 200;

/** How many of the newest pids each pass of killStrayProcesses reads first (newestProcessIds). */
const NEWEST_PIDS_TO_PROBE = 256;

/**
 * Passes in a row that must find nothing new before the sweep ends: a single pass can miss a
 * hopper whose listed pid ended just before it was read, while the successor runs on.
 */
const QUIET_PASSES_TO_END = 3;

/** The living processes, other than this one, whose environment holds `variable`. */
export function findStrayProcesses(variable: string): StrayProcess[] {
  const found: StrayProcess[] = [];
  scanStrayProcesses({ variable, skip: new Set(), onFound: (stray) => found.push(stray) });
  // Scanned newest first (see scanStrayProcesses); told oldest first, as `ps` lists them.
  return found.reverse();
}

/**
 * SIGKILLs every stray of a command; returns what it killed. Each stray is stopped (SIGSTOP) the
 * moment it is found, since a stopped process cannot fork: the table is read again until it
 * holds nothing new for QUIET_PASSES_TO_END passes, and only then is everything stopped killed.
 * Synchronous, for a caller on its way out.
 */
export function killStrayProcesses(variable: string): StrayProcess[] {
  // By pid: one stopped is found again on every pass, and need not be read or signalled again.
  const stopped = new Map<number, StrayProcess>();
  // A stray in the caller's own group (a command run inside the one being cleaned up) is
  // stopped alone: stopping its group would stop the caller.
  const ownGroup = readProcessStat('self')?.groupId;
  let quietPasses = 0;
  for (let pass = 0; pass < MAX_SWEEP_PASSES && quietPasses < QUIET_PASSES_TO_END; pass += 1) {
    let foundNew = false;
    const onFound = (stray: StrayProcess) => {
      // Even one that ended before the signal counts: its successor may be running.
      foundNew = true;
      if (signal(stray.pid, 'SIGSTOP')) stopped.set(stray.pid, stray);
      // Its group too, in one step the kernel does not let a fork slip through: a hopper's
      // successors stay in its group, and the one running now is stopped with the one found.
      if (stray.groupId !== ownGroup) signalGroup(stray.groupId, 'SIGSTOP');
    };
    if (process.platform === 'linux')
      scanProcesses({ processIds: newestProcessIds(), variable, skip: stopped, onFound });
    scanStrayProcesses({ variable, skip: stopped, onFound });
    quietPasses = foundNew ? 0 : quietPasses + 1;
  }
  for (const stray of stopped.values()) {
    signal(stray.pid, 'SIGKILL');
    if (stray.groupId !== ownGroup) signalGroup(stray.groupId, 'SIGKILL');
  }
  return [...stopped.values()];
}

/**
 * Tells `onFound` each living process, other than this one and those in `skip`, whose
 * environment holds `variable`, as it is read. Newest first: a process that keeps starting new
 * ones has its newest pid read soonest after the listing, while that pid is still running.
 */
function scanStrayProcesses({
  variable,
  skip,
  onFound,
}: {
  variable: string;
  skip: ReadonlySet<number> | ReadonlyMap<number, unknown>;
  onFound: (stray: StrayProcess) => void;
}): void {
  if (process.platform !== 'linux') return;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return;
  }
  const processIds = entries.filter((entry) => /^\d+$/.test(entry)).map(Number);
  processIds.sort((first, second) => second - first);
  scanProcesses({ processIds, variable, skip, onFound });
}

/**
 * The pids handed out last, newest first. A storm of hoppers fills the table with the zombies it
 * leaves (where nothing collects them soon), and a pass over the whole table then takes long
 * enough that every pid it listed has hopped on; the running hoppers are among the newest pids.
 */
function newestProcessIds(): number[] {
  const last = Number(readProcFile('/proc/sys/kernel/ns_last_pid').toString('latin1').trim());
  if (!Number.isInteger(last) || last <= 0) return [];
  const count = Math.min(last, NEWEST_PIDS_TO_PROBE);
  return Array.from({ length: count }, (_unused, index) => last - index);
}

/** scanStrayProcesses over the given pids, in the order given. */
function scanProcesses({
  processIds,
  variable,
  skip,
  onFound,
}: {
  processIds: number[];
  variable: string;
  skip: ReadonlySet<number> | ReadonlyMap<number, unknown>;
  onFound: (stray: StrayProcess) => void;
}): void {
  for (const processId of processIds) {
    if (processId === process.pid || skip.has(processId)) continue;
    // Ended meanwhile, or another user's: not one of ours either way.
    const environment = readProcFile(`/proc/${processId}/environ`);
    if (!carriesVariable({ environment, variable })) continue;
    // A thread's id opens /proc/<id> too, though no listing shows it: the newest ids probed are
    // often a process's threads, which are not processes of their own.
    if (!isProcess(processId)) continue;
    // A zombie has exited; it only waits for its parent to collect it.
    const stat = readProcessStat(processId);
    if (!stat || !isLiveState(stat.state)) continue;
    const commandLine = readProcFile(`/proc/${processId}/cmdline`).toString().replaceAll('\0', ' ');
    onFound({ pid: processId, groupId: stat.groupId, commandLine: commandLine.trim() });
  }
}

/** Whether `id` is a process's own id (its thread group's), not one of its other threads'. */
function isProcess(id: number): boolean {
  const status = readProcFile(`/proc/${id}/status`).toString('latin1');
  return new RegExp(`^Tgid:\\s*${id}$`, 'm').test(status);
}

/**
 * Stops every stray of a command as a group is stopped: SIGTERM and SIGCONT, a grace period, then
 * SIGKILL for what is left. Returns whether there were any.
 */
export async function stopStrayProcesses({
  variable,
  graceMs = KILL_GRACE_MS,
}: {
  variable: string;
  graceMs?: number;
}): Promise<boolean> {
  const strays = findStrayProcesses(variable);
  if (strays.length === 0) return false;
  for (const stray of strays)
    for (const name of ['SIGTERM', 'SIGCONT'] as const) signal(stray.pid, name);
  const gone = () => findStrayProcesses(variable).length === 0;
  if (await waitUntil({ done: gone, waitMs: graceMs })) return true;
  killStrayProcesses(variable);
  await waitUntil({ done: gone, waitMs: KILL_WAIT_MS });
  return true;
}

/**
 * Whether a /proc environ (NUL-separated `NAME=value` entries) has an entry named `variable`.
 * Every entry is looked at by its name: the first place the text occurs may be inside another
 * variable's value, put there to hide the real entry behind it.
 */
function carriesVariable({
  environment,
  variable,
}: {
  environment: Buffer;
  variable: string;
}): boolean {
  const wanted = `${variable}=`;
  return environment
    .toString('latin1')
    .split('\0')
    .some((entry) => entry.startsWith(wanted));
}

/** Sends `name` to every process of a group; a group that is gone is fine. */
function signalGroup(groupId: number, name: NodeJS.Signals): void {
  if (groupId > 1) signal(-groupId, name);
}

/** Sends `name` to one process; whether it was there to receive it. */
function signal(processId: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(processId, name);
    return true;
  } catch {
    // It ended meanwhile.
    return false;
  }
}

function readProcFile(filePath: string): Buffer {
  try {
    return readFileSync(filePath);
  } catch {
    return Buffer.alloc(0);
  }
}
