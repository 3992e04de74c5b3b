import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
// The process-group module alone: the whole package would load every engine into the grader.
import { isLiveState, parseProcStat } from '@agent-course/workspace/process-group';

/**
 * The environment variable that tags every process a check starts. A process inherits its
 * parent's environment, so the tag reaches whatever the check's code starts, even a process that
 * left the check's process group (a new session, `setsid`, a daemon) or was orphaned to init.
 */
export const GRADE_TAG_VARIABLE = 'AGENT_COURSE_GRADE_TAG';

/** A fresh tag for one bounded process: random, so no other process on the machine carries it. */
export function createGradeTag(): string {
  return randomBytes(12).toString('hex');
}

/** A process found carrying a tag. */
export interface TaggedProcess {
  /** Its process id. */
  pid: number;
  /** The process group it is in. */
  groupId: number;
  /** Its command line, arguments separated by spaces. */
  commandLine: string;
}

/** How many times killTaggedProcesses looks again: a process may fork while the table is read. */
const MAX_KILL_PASSES = 10;

/**
 * The living processes whose environment carries `tag` in GRADE_TAG_VARIABLE (zombies left out:
 * they have exited). Linux only: it reads /proc/<pid>/environ, the environment a process started
 * with, which it cannot drop later. Elsewhere (macOS) another process's environment cannot be read
 * reliably, so this finds nothing and only the process-group kill applies.
 */
export function findTaggedProcesses(tag: string): TaggedProcess[] {
  if (process.platform !== 'linux') return [];
  const needle = `${GRADE_TAG_VARIABLE}=${tag}`;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: TaggedProcess[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    // Gone in the meantime, or another user's process (unreadable): not one the check started.
    const environment = readProcFile(`/proc/${entry}/environ`);
    if (!environment.split('\0').includes(needle)) continue;
    const stat = parseProcStat(readProcFile(`/proc/${entry}/stat`));
    if (!stat || !isLiveState(stat.state)) continue;
    const commandLine = readProcFile(`/proc/${entry}/cmdline`).replaceAll('\0', ' ').trim();
    found.push({ pid: Number(entry), groupId: stat.groupId, commandLine });
  }
  return found;
}

/**
 * Kills (SIGKILL) every living process carrying `tag`, looking again until none is left, since one
 * may start another while the table is read; returns what it killed. Synchronous, so the grader
 * can call it on its way out.
 */
export function killTaggedProcesses(tag: string): TaggedProcess[] {
  const killed: TaggedProcess[] = [];
  for (let pass = 0; pass < MAX_KILL_PASSES; pass += 1) {
    const found = findTaggedProcesses(tag);
    if (found.length === 0) break;
    for (const tagged of found) {
      try {
        process.kill(tagged.pid, 'SIGKILL');
        killed.push(tagged);
      } catch {
        // It ended on its own in the meantime.
      }
    }
  }
  return killed;
}

function readProcFile(filePath: string): string {
  try {
    return readFileSync(filePath, 'latin1');
  } catch {
    return '';
  }
}
