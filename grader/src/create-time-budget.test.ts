import { describe, expect, it } from 'vitest';
import { createTimeBudget, describeTimeLimit, timeLimitsFor } from './create-time-budget';
import { WALL_BACKSTOP_FACTOR } from './limits';

const limits = { cpuMs: 1000, idleMs: 1000, wallMs: 12_000 };

/** Feeds readings taken every 200 ms, each adding `cpuMs` of CPU time, until a limit breaks. */
function runUntilBroken(options: { cpuPerReading: number; runnable: boolean; readings: number }) {
  const budget = createTimeBudget(limits);
  budget.restart({ atMs: 0, cpuMs: 0, runnable: true, processCount: 1 });
  for (let reading = 1; reading <= options.readings; reading++) {
    const broken = budget.observe({
      atMs: reading * 200,
      cpuMs: reading * options.cpuPerReading,
      runnable: options.runnable,
      processCount: 1,
    });
    if (broken) return { broken, atMs: reading * 200 };
  }
  return undefined;
}

describe('createTimeBudget', () => {
  it('stops an endless loop by the CPU time it used', () => {
    expect(runUntilBroken({ cpuPerReading: 200, runnable: true, readings: 100 })).toEqual({
      broken: 'cpuMs',
      atMs: 1000,
    });
  });

  it('stops a process that waits on nothing by its idle time', () => {
    expect(runUntilBroken({ cpuPerReading: 0, runnable: false, readings: 100 })).toEqual({
      broken: 'idleMs',
      atMs: 1000,
    });
  });

  it('lets a process starved of CPU by a busy machine run on until the wall-clock backstop', () => {
    // Waiting for a core: runnable, but gaining almost no CPU time. Neither limit blames it.
    expect(runUntilBroken({ cpuPerReading: 10, runnable: true, readings: 100 })).toEqual({
      broken: 'wallMs',
      atMs: 12_000,
    });
  });

  it('starts afresh at each step', () => {
    const budget = createTimeBudget(limits);
    budget.restart({ atMs: 0, cpuMs: 0, runnable: true, processCount: 1 });
    expect(budget.observe({ atMs: 200, cpuMs: 900, runnable: true, processCount: 1 })).toBe(
      undefined,
    );
    budget.restart({ atMs: 200, cpuMs: 900, runnable: true, processCount: 1 });
    expect(budget.observe({ atMs: 400, cpuMs: 1800, runnable: true, processCount: 1 })).toBe(
      undefined,
    );
    expect(budget.observe({ atMs: 600, cpuMs: 1900, runnable: true, processCount: 1 })).toBe(
      'cpuMs',
    );
  });
});

describe('timeLimitsFor and describeTimeLimit', () => {
  it('gives CPU and idle time the limit, and wall-clock time a generous multiple', () => {
    expect(timeLimitsFor(8000)).toEqual({
      cpuMs: 8000,
      idleMs: 8000,
      wallMs: 8000 * WALL_BACKSTOP_FACTOR,
    });
  });

  it('names the limit and how to allow more, never a TODO', () => {
    for (const kind of ['cpuMs', 'idleMs', 'wallMs'] as const) {
      const text = describeTimeLimit({ kind, limitMs: 8000 });
      expect(text).toContain('8 s');
      expect(text).toContain('--timeout SECONDS');
      expect(text).not.toMatch(/TODO/);
    }
    expect(describeTimeLimit({ kind: 'cpuMs', limitMs: 8000 })).toContain('CPU time');
    expect(describeTimeLimit({ kind: 'idleMs', limitMs: 8000 })).toContain('idle');
    expect(describeTimeLimit({ kind: 'wallMs', limitMs: 8000 })).toContain('wall-clock');
  });
});
