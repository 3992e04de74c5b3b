import { WALL_BACKSTOP_FACTOR } from './limits';
import type { GroupUsage } from './read-group-usage';

/** The three limits a bounded process lives under, in milliseconds. */
export interface TimeLimits {
  /** CPU time the process group may use: what an endless loop runs into. */
  cpuMs: number;
  /** Time it may spend with nothing running (no CPU used, nothing runnable): a promise that never settles. */
  idleMs: number;
  /** Wall-clock time, a generous backstop for anything the two above cannot see. */
  wallMs: number;
}

/** Which limit a process ran into. */
export type TimeLimitKind = keyof TimeLimits;

/** One reading of the group, and when it was taken. */
export interface TimedUsage extends GroupUsage {
  /** When the reading was taken, in milliseconds on a monotonic clock. */
  atMs: number;
}

/**
 * Keeps account of one process group against its limits, reading by reading. CPU time and idle
 * time are what a busy machine cannot inflate: a process that waits for a core is runnable, so
 * it is neither using CPU nor idle, and only the wall-clock backstop counts while it waits.
 */
export function createTimeBudget(limits: TimeLimits) {
  let start: TimedUsage | undefined;
  let previous: TimedUsage | undefined;
  let idleMs = 0;
  return {
    /** Starts the account afresh from this reading (a new step of a multi-step process). */
    restart(usage: TimedUsage): void {
      start = usage;
      previous = usage;
      idleMs = 0;
    },
    /** Adds a reading; returns the limit it broke, if any. */
    observe(usage: TimedUsage): TimeLimitKind | undefined {
      if (!start || !previous) {
        this.restart(usage);
        return undefined;
      }
      const usedCpu = usage.cpuMs > previous.cpuMs;
      if (!usedCpu && !usage.runnable) idleMs += usage.atMs - previous.atMs;
      previous = usage;
      if (usage.cpuMs - start.cpuMs >= limits.cpuMs) return 'cpuMs';
      if (idleMs >= limits.idleMs) return 'idleMs';
      if (usage.atMs - start.atMs >= limits.wallMs) return 'wallMs';
      return undefined;
    },
  };
}

/** The limits for one `--timeout`: that much CPU time, that much idle time, and a backstop well beyond. */
export function timeLimitsFor(timeoutMs: number): TimeLimits {
  return { cpuMs: timeoutMs, idleMs: timeoutMs, wallMs: timeoutMs * WALL_BACKSTOP_FACTOR };
}

/**
 * What a process stopped at a limit was doing, as the end of a sentence starting "it ...". It names
 * the limit and how to allow more, and blames no TODO: running out of time says nothing about which
 * exercise is wrong.
 */
export function describeTimeLimit(
  limit: { kind: TimeLimitKind; limitMs: number },
  runningOutsideGroup: string[] = [],
): string {
  const seconds = `${limit.limitMs / 1000} s`;
  const more = 'allow more with --timeout SECONDS';
  if (limit.kind === 'idleMs' && runningOutsideGroup.length > 0) {
    const shown = runningOutsideGroup.slice(0, 3).map((commandLine) => commandLine.slice(0, 80));
    return `waited ${seconds} on processes it had started outside its process group (${shown.join('; ')}) and was stopped, with them: look for a command run without its time limit (${more})`;
  }
  switch (limit.kind) {
    case 'cpuMs':
      return `used ${seconds} of CPU time, the limit for one check, and was stopped: look for an endless loop (${more})`;
    case 'idleMs':
      return `sat idle for ${seconds} with nothing running and was stopped: look for a promise that never settles (${more})`;
    case 'wallMs':
      return `was still running after ${seconds} of wall-clock time and was stopped (${more})`;
  }
}
