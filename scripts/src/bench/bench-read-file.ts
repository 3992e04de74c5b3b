import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFile } from 'node:fs/promises';
import { DEFAULT_READ_LINES, MAX_READ_SCAN_BYTES } from '@agent-course/workspace';
import type { BenchContext } from './bench-context';
import { compareRow } from './bench-row';
import type { BenchRow } from './bench-row';
import { formatMegabytes, formatSize } from './format-figure';
import type { ReadFileChildReport } from './read-file-child';
import { runProgram } from './run-program';

/** The issue's goals: the large file within twice the small one's time, and under 64 MB at peak. */
const MAX_RATIO_TO_SMALL_FILE = 2;
const MAX_PEAK_MEGABYTES = 64;
const MEGABYTE = 1024 * 1024;
/** An offset far past what one call reads, on any bench size's large file. */
const FAR_OFFSET = 10_000_000;
/** A file that is one line, longer than one call reads: minified code at its worst. */
const ONE_LINE_FILE = 'one-line.min.js';
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'read-file-child.ts');

/**
 * read_file's default window (the first 400 lines) of the large file against a 4 KB file, each in
 * a fresh Node process so that its peak memory can be told: the cost should not grow with the
 * file's size.
 */
export async function benchReadFile({
  size,
  data,
  repoRoot,
  log,
}: BenchContext): Promise<BenchRow[]> {
  if (!data) throw new Error('benchReadFile needs the generated files');
  const read = async (file: string, offset?: number): Promise<ReadFileChildReport> => {
    log(`read_file ${file}${offset === undefined ? '' : ` at offset ${offset}`}`);
    const offsetArgs = offset === undefined ? [] : [`${offset}`];
    const run = await runProgram({
      command: process.execPath,
      args: ['--import', 'tsx', CHILD, data.filesRoot, file, `${size.runs}`, ...offsetArgs],
      cwd: repoRoot,
      keepOutput: true,
    });
    if (run.exitCode !== 0)
      throw new Error(`the read_file child process exited with ${run.exitCode}`);
    return JSON.parse(run.stdout) as ReadFileChildReport;
  };
  const large = await read(data.largeFile);
  const small = await read(data.smallFile);
  const far = await read(data.largeFile, FAR_OFFSET);
  await writeFile(path.join(data.filesRoot, ONE_LINE_FILE), 'x'.repeat(2 * MAX_READ_SCAN_BYTES));
  const oneLine = await read(ONE_LINE_FILE);
  const largeLabel = formatSize(data.largeBytes);
  const smallLabel = formatSize(data.smallBytes);
  const grownMegabytes = Math.max(0, large.peakRssBytes - large.rssBeforeBytes) / MEGABYTE;
  return [
    compareRow({
      section: 'read_file',
      measurement: `read_file first ${DEFAULT_READ_LINES} lines of a ${largeLabel} file`,
      value: large.medianMs,
      unit: 'ms',
      baseline: { label: `${smallLabel} file`, value: small.medianMs },
      maxRatio: MAX_RATIO_TO_SMALL_FILE,
      note: `header: "${large.header}"; past MAX_COUNTED_BYTES read_file stops counting lines, so the cost does not grow with the file`,
    }),
    compareRow({
      section: 'read_file',
      measurement: `read_file ${largeLabel} file: peak memory of its process`,
      value: large.peakRssBytes / MEGABYTE,
      unit: 'MB',
      baseline: { label: `same, ${smallLabel} file`, value: small.peakRssBytes / MEGABYTE },
      note: `kernel maxRSS of a Node process running only read_file; Node, tsx and the tool's modules hold ${formatMegabytes(large.rssBeforeBytes)} before the first call`,
    }),
    ...[
      { report: far, what: `offset ${FAR_OFFSET.toLocaleString('en-US')} of a ${largeLabel} file` },
      { report: oneLine, what: `a file that is one ${formatSize(2 * MAX_READ_SCAN_BYTES)} line` },
    ].map(({ report, what }) =>
      compareRow({
        section: 'read_file',
        measurement: `read_file ${what}`,
        value: report.medianMs,
        unit: 'ms',
        baseline: { label: `${smallLabel} file`, value: small.medianMs },
        note: `${bytesReadNote(report)}; header: "${report.header.slice(0, 120)}"`,
      }),
    ),
    {
      section: 'read_file',
      measurement: `read_file ${largeLabel} file: peak memory added by the reads`,
      value: grownMegabytes,
      unit: 'MB',
      target: {
        text: `< ${MAX_PEAK_MEGABYTES} MB`,
        verdict: grownMegabytes < MAX_PEAK_MEGABYTES ? 'PASS' : 'MISS',
      },
    },
  ];
}

/** What one call read, against the most it may read: the bound the worst-case rows show. */
function bytesReadNote(report: ReadFileChildReport): string {
  const bound = `at most ${formatMegabytes(MAX_READ_SCAN_BYTES)} (MAX_READ_SCAN_BYTES)`;
  if (report.bytesReadPerCall === undefined) return `bytes read not told by this system; ${bound}`;
  return `${formatMegabytes(report.bytesReadPerCall)} read per call, ${bound}`;
}
