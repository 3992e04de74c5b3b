import { describe, expect, it } from 'vitest';
import { createTimeBudget } from './create-time-budget';

const start = { atMs: 0, cpuMs: 0, runnable: true, processCount: 1 };

/** Feeds readings taken every 200 ms, each adding `cpuMs` of CPU time, until a limit breaks. */
function runUntilBroken(options: { cpuPerReading: number; runnable: boolean; readings: number }) {
  const budget = createTimeBudget({ timeoutMs: 1000, start });
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

  it('never blames a process starved of CPU by a busy machine, however long it waits', () => {
    // Waiting for a core: runnable, but gaining almost no CPU time; 100 readings are 20 s.
    expect(runUntilBroken({ cpuPerReading: 5, runnable: true, readings: 100 })).toBeUndefined();
  });

  it('starts afresh at each step', () => {
    const budget = createTimeBudget({ timeoutMs: 1000, start });
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
