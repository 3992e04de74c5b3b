// Runs in its own process so its peak memory belongs to read_file alone:
// node --import tsx read-file-child.ts <cwd> <path> <runs> [offset]; prints one line of JSON.
import { readWorkspaceFile } from '@agent-course/workspace';
import { toolContext } from './bench-context';
import { measureToolReads } from './measure-tool-reads';
import { measureMedian } from './measure-median';

/** What the child reports to the bench. */
export interface ReadFileChildReport {
  /** The median time of one read_file call, in milliseconds. */
  medianMs: number;
  /** Every timed call, in milliseconds. */
  runsMs: number[];
  /** The process's resident memory before the first call, in bytes. */
  rssBeforeBytes: number;
  /** The process's peak resident memory over its whole life, in bytes. */
  peakRssBytes: number;
  /** The first line of the result, e.g. "large.log (lines 1-400 of 41,000,000)". */
  header: string;
  /** Bytes one call read through system calls, where the system tells (Linux). */
  bytesReadPerCall?: number;
}

const [cwd, filePath, runsText, offsetText] = process.argv.slice(2);
if (!cwd || !filePath || !runsText) {
  process.stderr.write('usage: read-file-child.ts <cwd> <path> <runs> [offset]\n');
  process.exit(2);
}
const rssBeforeBytes = process.memoryUsage().rss;
let header = '';
const offset = offsetText === undefined ? {} : { offset: Number(offsetText) };
const readOnce = async () => {
  const read = await readWorkspaceFile({ path: filePath, ...offset, ...toolContext(cwd) });
  const text = read.ok ? read.text : read.error;
  header = text.includes('\n') ? text.slice(0, text.indexOf('\n')) : text;
};
const timing = await measureMedian({ runs: Number(runsText), task: readOnce });
const bytesReadPerCall = await measureToolReads(readOnce);
const report: ReadFileChildReport = {
  ...timing,
  rssBeforeBytes,
  // maxRSS is in kilobytes; the kernel tracks it, so no short peak between samples is missed.
  peakRssBytes: process.resourceUsage().maxRSS * 1024,
  header,
  ...(bytesReadPerCall === undefined ? {} : { bytesReadPerCall }),
};
process.stdout.write(`${JSON.stringify(report)}\n`);
