import type { GroupUsage } from './read-group-usage';

/**
 * Which limit a process ran into: its CPU time (what an endless loop runs into), its idle time
 * (nothing running, no CPU used: a promise that never settles), or the wall-clock backstop that
 * watchTimeLimits keeps for anything those two cannot see.
 */
export type TimeLimitKind = 'cpuMs' | 'idleMs' | 'wallMs';

/** One reading of the group, and when it was taken. */
export interface TimedUsage extends GroupUsage {
  /** When the reading was taken, in milliseconds on a monotonic clock. */
  atMs: number;
}

/**
 * Keeps account of one process group against `timeoutMs` of CPU time and as much idle time,
 * reading by reading, from `start`. CPU time and idle time are what a busy machine cannot inflate:
 * a process that waits for a core is runnable, so it is neither using CPU nor idle.
 */
export function createTimeBudget({ timeoutMs, start }: { timeoutMs: number; start: TimedUsage }) {
  let from = start;
  let previous = start;
  let idleMs = 0;
  return {
    /** Starts the account afresh from this reading (a new step of a multi-step process). */
    restart(usage: TimedUsage): void {
      from = usage;
      previous = usage;
      idleMs = 0;
    },
    /** Adds a reading; returns the limit it broke, if any. */
    observe(usage: TimedUsage): Exclude<TimeLimitKind, 'wallMs'> | undefined {
      if (usage.cpuMs <= previous.cpuMs && !usage.runnable) idleMs += usage.atMs - previous.atMs;
      previous = usage;
      if (usage.cpuMs - from.cpuMs >= timeoutMs) return 'cpuMs';
      if (idleMs >= timeoutMs) return 'idleMs';
      return undefined;
    },
  };
}
