// Runs in its own process so its peak memory belongs to the edits alone:
// node --max-semi-space-size=1 --import tsx edit-child.ts <folder> <file name> <runs>; prints one line of JSON.
// With <runs> 0 it measures the memory of one edit only, and the times are 0.
import { readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createEditFileTool } from '@agent-course/finished-d4';
import { createReadLedger, fingerprintFile } from '@agent-course/workspace';
import { EDIT_MARKERS } from './bench-edit';
import { measureMedian } from './measure-median';
import { measurePeakMemory } from './measure-peak-memory';
import type { PeakMemory } from './measure-peak-memory';

/** What the child reports to the bench. */
export interface EditChildReport {
  /** The median time of one edit_file call (day 4's, finished): search, checks, hashing and atomic write, in ms. */
  medianMs: number;
  /** The median time of a plain read and rewrite of the same file (no checks, not atomic), in ms. */
  plainRewriteMs: number;
  /** The process's resident memory before the first edit, in bytes. */
  rssBeforeBytes: number;
  /** The process's peak resident memory during the first edit, in bytes. */
  peakRssBytes: number;
  /** Whether that peak is the edit's alone or the whole process's (see measurePeakMemory). */
  peakOf: PeakMemory['peakOf'];
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
// Which spelling the file holds now: an earlier process of the same bench may have left either.
const startsAfter = !(await readFile(absolutePath, 'utf8')).includes(EDIT_MARKERS[0]);
const edits = new Map<string, number>([[name, startsAfter ? 1 : 0]]);
let diffLines = 0;
const editOnce = async (file = name) => {
  const done = edits.get(file) ?? 0;
  const [from, to] = done % 2 === 0 ? EDIT_MARKERS : [...EDIT_MARKERS].reverse();
  const args = { path: file, old_string: from!, new_string: to! };
  const result = await editTool.run(args, context);
  if (!result.ok) throw new Error(`the edit was refused: ${result.content}`);
  diffLines = String(result.meta?.diff ?? '').split('\n').length;
  edits.set(file, done + 1);
};

// One edit of a small file first: the code an edit runs is loaded and compiled, so the peak that
// follows is the large edit's, not the first call's loading.
const warmUp = 'warm-up.js';
await writeFile(path.join(realRoot, warmUp), `const marker = '${EDIT_MARKERS[0]}';\n`);
const warmRead = await fingerprintFile({ filePath: path.join(realRoot, warmUp) });
if (!warmRead.ok) throw new Error(`cannot read ${warmUp}: ${warmRead.reason}`);
ledger.record({ path: warmUp, fingerprint: warmRead.fingerprint });
await editOnce(warmUp);

// The memory figure is one edit's: over several, the garbage collector may keep the copies of
// earlier edits a while, and the peak would measure its laziness rather than what an edit holds.
const memory = await measurePeakMemory(() => editOnce());
const runs = Number(runsText);
const timing = runs > 0 ? await measureMedian({ runs, task: () => editOnce() }) : { medianMs: 0 };
// Measured after the edits, so the edits' peak memory is not the baseline's.
const plain =
  runs > 0
    ? await measureMedian({
        runs,
        task: async () => writeFile(absolutePath, await readFile(absolutePath)),
      })
    : { medianMs: 0 };
const report: EditChildReport = {
  medianMs: timing.medianMs,
  plainRewriteMs: plain.medianMs,
  rssBeforeBytes: memory.beforeBytes,
  peakRssBytes: memory.peakBytes,
  peakOf: memory.peakOf,
  diffLines,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
