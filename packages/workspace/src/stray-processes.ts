import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { KILL_GRACE_MS, KILL_WAIT_MS } from './limits';
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

/** The processes, other than this one, whose environment holds `variable`. Zombies hold none. */
export function findStrayProcesses(variable: string): number[] {
  if (process.platform !== 'linux') return [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const wanted = Buffer.from(`${variable}=`);
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let environment: Buffer;
    try {
      environment = readFileSync(`/proc/${entry}/environ`);
    } catch {
      // Ended meanwhile, or another user's: not one of ours either way.
      continue;
    }
    const at = environment.indexOf(wanted);
    if (at === 0 || (at > 0 && environment[at - 1] === 0)) found.push(Number(entry));
  }
  return found;
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
  for (const signal of ['SIGTERM', 'SIGCONT'] as const) signalEach(strays, signal);
  const gone = () => findStrayProcesses(variable).length === 0;
  if (await waitUntil({ done: gone, waitMs: graceMs })) return true;
  signalEach(findStrayProcesses(variable), 'SIGKILL');
  await waitUntil({ done: gone, waitMs: KILL_WAIT_MS });
  return true;
}

function signalEach(processIds: number[], signal: NodeJS.Signals): void {
  for (const processId of processIds) {
    try {
      process.kill(processId, signal);
    } catch {
      // It ended meanwhile.
    }
  }
}
