import { DEFAULT_GREP_LIMIT, grepWorkspace } from '@agent-course/workspace';
import { toolContext } from './bench-context';
import type { BenchContext } from './bench-context';
import { compareRow } from './bench-row';
import type { BenchRow } from './bench-row';
import type { FullScan } from './bench-grep-full-scan';
import { formatMegabytes } from './format-figure';
import { measureMedian } from './measure-median';
import { measureToolReads } from './measure-tool-reads';

/** Matches any line with a three-letter word: nearly every line the generator writes. */
export const FREQUENT_PATTERN = '[a-z]{3}';
/** The goal: the early-stopping search reads under 5% of the tree. */
const MAX_SHARE_READ = 5;

/**
 * grep for a pattern found on most lines, with the tool's default limit of 50 matching lines: the
 * limit should end the search after a file or two. Compared with the tool's own full scan, and
 * measured by how much of the tree it read.
 */
export async function benchGrepEarlyStop(
  context: BenchContext & { fullScan: FullScan },
): Promise<BenchRow[]> {
  const { size, data, log, fullScan } = context;
  if (!data) throw new Error('benchGrepEarlyStop needs the generated tree');
  log('grep early stop: the tool');
  const search = () => grepWorkspace({ pattern: FREQUENT_PATTERN, ...toolContext(data.treeRoot) });
  const timing = await measureMedian({ runs: size.runs, task: search });
  const bytesRead = await measureToolReads(search);
  const measurement = `grep /${FREQUENT_PATTERN}/, most lines match: stops at ${DEFAULT_GREP_LIMIT} (tool)`;
  const rows = [
    compareRow({
      section: 'grep',
      measurement,
      value: timing.medianMs,
      unit: 'ms',
      baseline: { label: 'tool full scan', value: fullScan.toolMs },
      note: 'the early stop still lists every file first: paths are sorted before the first is opened',
    }),
  ];
  const share = bytesRead === undefined ? undefined : (100 * bytesRead) / data.tree.visibleBytes;
  rows.push({
    section: 'grep',
    measurement: `grep /${FREQUENT_PATTERN}/: share of the tree read`,
    value: share ?? Number.NaN,
    unit: '%',
    target: {
      text: `< ${MAX_SHARE_READ}%`,
      verdict: share === undefined ? 'SKIP' : share < MAX_SHARE_READ ? 'PASS' : 'MISS',
    },
    note:
      bytesRead === undefined
        ? 'this system has no /proc/self/io, so the bytes read could not be counted'
        : `${formatMegabytes(bytesRead)} read of the ${formatMegabytes(data.tree.visibleBytes)} outside node_modules (counted by /proc/self/io)`,
  });
  return rows;
}
