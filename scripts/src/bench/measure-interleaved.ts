import { median, type Timing } from './measure-median';

/**
 * Times `measured` and `baseline` by turns: each once untimed (to warm the page cache), then
 * `runs` rounds of one run of each, and returns both medians. A ratio between the two is then
 * taken under the same conditions: on a shared machine they drift from one minute to the next,
 * and a baseline timed a minute before its measurement can move a ratio by a tenth.
 */
export async function measureInterleaved({
  runs,
  baseline,
  measured,
}: {
  runs: number;
  baseline: () => Promise<unknown> | unknown;
  measured: () => Promise<unknown> | unknown;
}): Promise<{ baseline: Timing; measured: Timing }> {
  await baseline();
  await measured();
  const baselineMs: number[] = [];
  const measuredMs: number[] = [];
  const timed = async (task: () => Promise<unknown> | unknown, into: number[]) => {
    const started = performance.now();
    await task();
    into.push(performance.now() - started);
  };
  for (let round = 0; round < runs; round += 1) {
    await timed(baseline, baselineMs);
    await timed(measured, measuredMs);
  }
  return {
    baseline: { medianMs: median(baselineMs), runsMs: baselineMs },
    measured: { medianMs: median(measuredMs), runsMs: measuredMs },
  };
}
