import { findStrayProcesses } from '@agent-course/workspace/stray-processes';
import { createTimeBudget, type TimeLimitKind, type TimedUsage } from './create-time-budget';
import {
  FIRST_USAGE_READ_MS,
  KILL_GRACE_MS,
  USAGE_SAMPLE_INTERVAL_MS,
  WALL_BACKSTOP_FACTOR,
} from '../beside-lab/limits';
import { createGroupUsageReader } from './read-group-usage';
import type { StartedProcess } from './start-bounded-process';

/** How a bounded process ended. */
export interface BoundedExit {
  /** The exit code, or null when a signal ended it. */
  exitCode: number | null;
  /** The signal that ended it, if any. */
  signal: NodeJS.Signals | null;
  /** True when it ran out of time and was killed. */
  timedOut: boolean;
  /** With timedOut: the limit it ran into, and that limit's size. */
  timeLimit?: { kind: TimeLimitKind; limitMs: number };
  /**
   * With an idle timeout: the command lines of processes it started that had left its process group
   * and were still there, waiting too, when it was stopped.
   */
  runningOutsideGroup?: string[];
  /** The last part of what it wrote to stderr; stdout is discarded, since it may be flooded. */
  stderrTail: string;
}

/**
 * Bounds a started process in time from now, and resolves how it ended, once its group is killed.
 * When time runs out the group gets SIGTERM, then SIGKILL; whatever it does, this resolves.
 *
 * Time is counted so that a busy machine cannot make a correct program fail: `timeoutMs` is the
 * CPU time the group may use and the time it may sit idle (see createTimeBudget), and wall-clock
 * time only backs them up, at WALL_BACKSTOP_FACTOR times the limit. Where the group's usage cannot
 * be read, `timeoutMs` of wall-clock time is the limit, as the only one left.
 *
 * With `onMessage`, each line the program writes on MESSAGE_FD that `onMessage` accepts starts its
 * time limit afresh: a program that runs several steps announces each one, and each gets the full
 * limit. A line `onMessage` refuses changes nothing, so junk cannot buy time; once the time is up,
 * `onMessage` hears nothing more, so no answer is taken from a process being stopped.
 */
export function watchTimeLimits({
  started,
  timeoutMs,
  onMessage,
}: {
  started: StartedProcess;
  timeoutMs: number;
  /** Told each line on MESSAGE_FD, or undefined for one too long to keep. */
  onMessage?: (line: string | undefined) => boolean;
}): Promise<BoundedExit> {
  const { pid } = started;
  let timedOut = false;
  let timeLimit: BoundedExit['timeLimit'];
  let runningOutsideGroup: string[] | undefined;
  let forceKill: NodeJS.Timeout | undefined;
  const expire = (limit: NonNullable<BoundedExit['timeLimit']>) => {
    if (timedOut) return;
    timedOut = true;
    timeLimit = limit;
    if (limit.kind === 'idleMs') {
      // The group was idle, but what it waited for may have been running elsewhere.
      const outside = findStrayProcesses(started.marker).filter((stray) => stray.groupId !== pid);
      if (outside.length > 0) runningOutsideGroup = outside.map((stray) => stray.commandLine);
    }
    started.signalGroup('SIGTERM');
    forceKill = setTimeout(() => started.signalGroup('SIGKILL'), KILL_GRACE_MS);
  };

  const wallMs = timeoutMs * WALL_BACKSTOP_FACTOR;
  // Until the first reading, the group has used nothing and is starting up (runnable).
  let latest: TimedUsage = { cpuMs: 0, runnable: true, processCount: 1, atMs: performance.now() };
  const startedAt = latest.atMs;
  let stepStartedAt = latest.atMs;
  const budget = createTimeBudget({ timeoutMs, start: latest });
  let usageUnreadable = false;
  let sampling = false;
  const readUsage = createGroupUsageReader({ groupId: pid ?? 0, marker: started.marker });
  const sample = async () => {
    if (timedOut || pid === undefined) return;
    const elapsed = performance.now() - stepStartedAt;
    // Where CPU and idle time cannot be read, wall-clock time at the limit itself is all there is.
    const wallLimit = usageUnreadable ? timeoutMs : wallMs;
    if (elapsed >= wallLimit) return expire({ kind: 'wallMs', limitMs: wallLimit });
    if (sampling || usageUnreadable || performance.now() - startedAt < FIRST_USAGE_READ_MS) return;
    sampling = true;
    const usage = await readUsage();
    sampling = false;
    if (timedOut) return;
    if (!usage) {
      usageUnreadable = true;
      return;
    }
    if (usage.processCount === 0) return;
    latest = { ...usage, atMs: performance.now() };
    const broken = budget.observe(latest);
    if (broken) expire({ kind: broken, limitMs: timeoutMs });
  };
  const sampler = setInterval(() => void sample(), USAGE_SAMPLE_INTERVAL_MS);

  if (onMessage) {
    started.readMessages((line) => {
      if (timedOut || !onMessage(line)) return;
      // A new step: its budget starts from what the group has used so far.
      latest = { ...latest, atMs: performance.now() };
      stepStartedAt = latest.atMs;
      budget.restart(latest);
    });
  }

  return started.closed.then(({ exitCode, signal }) => {
    clearInterval(sampler);
    clearTimeout(forceKill);
    started.stop();
    return {
      exitCode,
      signal,
      timedOut,
      timeLimit,
      ...(runningOutsideGroup ? { runningOutsideGroup } : {}),
      stderrTail: started.stderr.text(),
    };
  });
}
