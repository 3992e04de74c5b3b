import { describe, expect, it } from 'vitest';
import { measureInterleaved } from './measure-interleaved';

describe('measureInterleaved', () => {
  it('warms each up once, then runs them by turns, and times every timed run', async () => {
    const order: string[] = [];
    const timing = await measureInterleaved({
      runs: 3,
      baseline: () => order.push('baseline'),
      measured: () => order.push('measured'),
    });
    expect(order).toEqual([
      'baseline',
      'measured',
      'baseline',
      'measured',
      'baseline',
      'measured',
      'baseline',
      'measured',
    ]);
    expect(timing.baseline.runsMs).toHaveLength(3);
    expect(timing.measured.runsMs).toHaveLength(3);
  });

  it('reports the median of each', async () => {
    const sleeps = [5, 30, 10];
    let call = 0;
    const timing = await measureInterleaved({
      runs: 3,
      baseline: () => undefined,
      // The untimed first run takes nothing; then 5, 30 and 10 ms: the median is the 10 ms run.
      measured: () =>
        new Promise((resolve) => setTimeout(resolve, call++ === 0 ? 0 : sleeps[call - 2])),
    });
    expect(timing.measured.medianMs).toBe([...timing.measured.runsMs].sort((a, b) => a - b)[1]);
    expect(timing.measured.medianMs).toBeGreaterThanOrEqual(9);
  });
});
