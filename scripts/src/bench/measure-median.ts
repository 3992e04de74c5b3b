/** The timings of one measurement. */
export interface Timing {
  /** The median of the timed runs, in milliseconds. */
  medianMs: number;
  /** Every timed run, in milliseconds, in the order they ran. */
  runsMs: number[];
}

/**
 * Runs `task` once untimed (to warm the page cache and the JIT), then `runs` times timed, and
 * returns the median: on a shared two-core machine one slow run says little, the middle one more.
 */
export async function measureMedian({
  runs,
  task,
}: {
  runs: number;
  task: () => Promise<unknown> | unknown;
}): Promise<Timing> {
  await task();
  const runsMs: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await task();
    runsMs.push(performance.now() - started);
  }
  return { medianMs: median(runsMs), runsMs };
}

/** The middle value; the mean of the two middle values for an even count. */
export function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
