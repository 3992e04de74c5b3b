// Runs in its own process so its peak memory belongs to the edits alone:
// node --import tsx edit-child.ts <folder> <file name> <runs>; prints one line of JSON.
import { readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createEditFileTool } from '@agent-course/finished-d4';
import { createReadLedger, fingerprintFile } from '@agent-course/workspace';
import { EDIT_MARKERS } from './bench-edit';
import { measureMedian } from './measure-median';

/** What the child reports to the bench. */
export interface EditChildReport {
  /** The median time of one edit_file call (day 4's, finished): search, checks, hashing and atomic write, in ms. */
  medianMs: number;
  /** The median time of a plain read and rewrite of the same file (no checks, not atomic), in ms. */
  plainRewriteMs: number;
  /** The process's resident memory before the first edit, in bytes. */
  rssBeforeBytes: number;
  /** The process's peak resident memory up to the end of the first edit, in bytes. */
  peakRssBytes: number;
  /** The last edit's diff, to show that the edit really happened. */
  diffLines: number;
}

const [folder, name, runsText] = process.argv.slice(2);
if (!folder || !name || !runsText) {
  process.stderr.write('usage: edit-child.ts <folder> <file name> <runs>\n');
  process.exit(2);
}
// The engine writes only inside a real (link-free) root: a temporary folder may be reached through
// a link (macOS's /var is /private/var).
const realRoot = await realpath(folder);
const absolutePath = path.join(realRoot, name);
const ledger = createReadLedger();
const read = await fingerprintFile({ filePath: absolutePath });
if (!read.ok) throw new Error(`cannot read ${name}: ${read.reason}`);
ledger.record({ path: name, fingerprint: read.fingerprint });

// The tool the agent runs, as later days get it: the code measured is the code that edits.
const editTool = createEditFileTool({ ledger });
const context = { cwd: realRoot, signal: new AbortController().signal };
let edits = 0;
let diffLines = 0;
const editOnce = async () => {
  const [from, to] = edits % 2 === 0 ? EDIT_MARKERS : [...EDIT_MARKERS].reverse();
  const args = { path: name, old_string: from!, new_string: to! };
  const result = await editTool.run(args, context);
  if (!result.ok) throw new Error(`the edit was refused: ${result.content}`);
  diffLines = String(result.meta?.diff ?? '').split('\n').length;
  edits += 1;
};

// The memory figure is one edit's: over several, the garbage collector may keep the copies of
// earlier edits a while, and the peak would measure its laziness rather than what an edit holds.
const rssBeforeBytes = process.memoryUsage().rss;
await editOnce();
// maxRSS is in kilobytes; the kernel tracks it, so no short peak between samples is missed.
const peakRssBytes = process.resourceUsage().maxRSS * 1024;
const timing = await measureMedian({ runs: Number(runsText), task: editOnce });
// Measured after the edits, so the edits' peak memory is not the baseline's.
const plain = await measureMedian({
  runs: Number(runsText),
  task: async () => writeFile(absolutePath, await readFile(absolutePath)),
});
const report: EditChildReport = {
  medianMs: timing.medianMs,
  plainRewriteMs: plain.medianMs,
  rssBeforeBytes,
  peakRssBytes,
  diffLines,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
