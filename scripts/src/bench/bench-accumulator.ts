import type { ToolCallDelta } from '@agent-course/core';
import { ToolCallAccumulator } from '../../../solutions/d3/src/tool-call-accumulator';
import type { BenchContext } from './bench-context';
import { compareRow } from './bench-row';
import type { BenchRow } from './bench-row';
import { measureMedian } from './measure-median';

const FRAGMENTS = 1_000_000;
const PARALLEL_CALLS = 100;
/** How many times larger the second run is, to show the cost per fragment stays the same. */
const GROWTH = 10;
/** The goals: two million fragments a second, and linear growth within 20%. */
const MIN_FRAGMENTS_PER_SECOND = 2_000_000;
const MAX_GROWTH_RATIO = 1.2;

/**
 * Fragments of 100 parallel calls, interleaved the way a provider streams them: the first
 * fragment of each call carries its id and name, every fragment a few characters of arguments.
 */
function createFragments(): ToolCallDelta[] {
  const argsText = JSON.stringify({
    pattern: 'export (const|function) run',
    include: 'src/**/*.ts',
  });
  return Array.from({ length: FRAGMENTS }, (_, position) => {
    const index = position % PARALLEL_CALLS;
    const argsDelta = argsText.slice(position % argsText.length, (position % argsText.length) + 7);
    return position < PARALLEL_CALLS
      ? { index, id: `call_${index}`, name: 'grep', argsDelta }
      : { index, argsDelta };
  });
}

/** Pushes the fragments `rounds` times into a fresh accumulator, then drains it. */
function merge({ fragments, rounds }: { fragments: ToolCallDelta[]; rounds: number }): number {
  const accumulator = new ToolCallAccumulator();
  for (let round = 0; round < rounds; round += 1) {
    for (const fragment of fragments) accumulator.push(fragment);
  }
  return accumulator.drain().length;
}

/**
 * ToolCallAccumulator on a million fragments, then on ten million (the same fragments pushed ten
 * times, so the calls' arguments grow tenfold): fragments per second, and whether the cost grew
 * in step with the input.
 */
export async function benchAccumulator({ size, log }: BenchContext): Promise<BenchRow[]> {
  const fragments = createFragments();
  log(`ToolCallAccumulator: ${FRAGMENTS.toLocaleString('en-US')} fragments`);
  const one = await measureMedian({ runs: size.runs, task: () => merge({ fragments, rounds: 1 }) });
  log(`ToolCallAccumulator: ${(FRAGMENTS * GROWTH).toLocaleString('en-US')} fragments`);
  const grown = await measureMedian({
    runs: size.runs,
    task: () => merge({ fragments, rounds: GROWTH }),
  });
  const perSecond = FRAGMENTS / (one.medianMs / 1000);
  return [
    {
      section: 'accumulator',
      measurement: `ToolCallAccumulator: ${FRAGMENTS.toLocaleString('en-US')} fragments, ${PARALLEL_CALLS} calls`,
      value: perSecond,
      unit: 'fragments/s',
      target: {
        text: `≥ ${MIN_FRAGMENTS_PER_SECOND / 1_000_000} M/s`,
        verdict: perSecond >= MIN_FRAGMENTS_PER_SECOND ? 'PASS' : 'MISS',
      },
      note: `push of every fragment and one drain(), ${one.medianMs.toFixed(0)} ms in all; fragments are built before the clock starts`,
    },
    compareRow({
      section: 'accumulator',
      measurement: `ToolCallAccumulator: ${(FRAGMENTS * GROWTH).toLocaleString('en-US')} fragments, ${PARALLEL_CALLS} calls`,
      value: grown.medianMs,
      unit: 'ms',
      baseline: { label: `${GROWTH} × the 1 M time`, value: one.medianMs * GROWTH },
      maxRatio: MAX_GROWTH_RATIO,
    }),
  ];
}
