import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { KILL_GRACE_MS, KILL_WAIT_MS } from './limits';
import { isLiveState, parseProcStat } from './process-group';
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

/** How many times killStrayProcesses looks again: a stray may fork while the table is read. */
const MAX_KILL_PASSES = 10;

/** The living processes, other than this one, whose environment holds `variable`. */
export function findStrayProcesses(variable: string): StrayProcess[] {
  if (process.platform !== 'linux') return [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: StrayProcess[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    // Ended meanwhile, or another user's: not one of ours either way.
    if (!carriesVariable({ environment: readProcFile(`/proc/${entry}/environ`), variable }))
      continue;
    // A zombie has exited; it only waits for its parent to collect it.
    const stat = parseProcStat(readProcFile(`/proc/${entry}/stat`).toString('latin1'));
    if (!stat || !isLiveState(stat.state)) continue;
    const commandLine = readProcFile(`/proc/${entry}/cmdline`).toString().replaceAll('\0', ' ');
    found.push({ pid: Number(entry), groupId: stat.groupId, commandLine: commandLine.trim() });
  }
  return found;
}

/**
 * SIGKILLs every stray of a command, looking again until none is left, since one may start another
 * while the table is read; returns what it killed. Synchronous, for a caller on its way out.
 */
export function killStrayProcesses(variable: string): StrayProcess[] {
  // By pid: one killed may still be found on the next pass, until the kernel has ended it.
  const killed = new Map<number, StrayProcess>();
  for (let pass = 0; pass < MAX_KILL_PASSES; pass += 1) {
    const found = findStrayProcesses(variable);
    if (found.length === 0) break;
    for (const stray of found) if (signal(stray.pid, 'SIGKILL')) killed.set(stray.pid, stray);
  }
  return [...killed.values()];
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
