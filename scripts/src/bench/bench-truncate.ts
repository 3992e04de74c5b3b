import { truncateResult } from '../../../solutions/d3/src/truncate-result';
import type { BenchContext } from './bench-context';
import { compareRow } from './bench-row';
import type { BenchRow } from './bench-row';
import { measureMedian } from './measure-median';

const MEGABYTE = 1024 * 1024;
const SIZES = [1, 10, 100];
/** Calls per timed run: one call takes microseconds, below what a single clock reading resolves. */
const CALLS_PER_RUN = 1000;

/** A flat string of `megabytes` MB of printable text, as a tool's output would be. */
function createText(megabytes: number): string {
  const line = Buffer.from('src/calc.js:12:  return divide(total, count); // result line\n');
  const bytes = Buffer.alloc(megabytes * MEGABYTE);
  for (let offset = 0; offset < bytes.length; offset += line.length) line.copy(bytes, offset);
  return bytes.toString('latin1');
}

/**
 * truncateResult on 1, 10 and 100 MB results: it keeps 8,000 characters whatever comes in, so the
 * time per call should not grow with the input.
 */
export async function benchTruncate({ size, log }: BenchContext): Promise<BenchRow[]> {
  const microseconds: number[] = [];
  for (const megabytes of SIZES) {
    log(`truncateResult: ${megabytes} MB`);
    const result = { ok: true, content: createText(megabytes) };
    let kept = 0;
    const timing = await measureMedian({
      runs: size.runs,
      task: () => {
        for (let call = 0; call < CALLS_PER_RUN; call += 1) {
          kept += truncateResult(result).content.length;
        }
      },
    });
    if (kept === 0) throw new Error('truncateResult returned nothing');
    microseconds.push((timing.medianMs * 1000) / CALLS_PER_RUN);
  }
  const first = microseconds[0]!;
  return SIZES.map((megabytes, position) => {
    const row = {
      section: 'truncate',
      measurement: `truncateResult on a ${megabytes} MB result`,
      value: microseconds[position]!,
      unit: 'µs' as const,
    };
    return position === 0
      ? {
          ...row,
          note: `time per call, the mean of ${CALLS_PER_RUN} calls per run; V8 slices and joins strings without copying them`,
        }
      : compareRow({ ...row, baseline: { label: `${SIZES[0]} MB result`, value: first } });
  });
}
