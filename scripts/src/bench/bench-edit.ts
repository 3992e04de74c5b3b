import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_EDITABLE_BYTES } from '@agent-course/workspace';
import type { BenchContext } from './bench-context';
import type { BenchRow } from './bench-row';
import type { EditChildReport } from './edit-child';
import { formatMegabytes, formatSize } from './format-figure';
import { median } from './measure-median';
import { runProgram } from './run-program';

/** The goals for an edit of a file at the size limit. */
const MAX_EDIT_MS = 1000;
const MAX_MEMORY_TIMES_FILE = 3;
const MEGABYTE = 1024 * 1024;
/**
 * Fresh processes whose one edit's peak memory is measured; the row is their median. One process
 * read 169 MB one night and 8.5 MB the next: one figure says little about a collector's timing.
 */
const MEMORY_PROCESSES = 5;
/** The two spellings of the file's one unique line; each edit turns one into the other. */
export const EDIT_MARKERS = ['UNIQUE_LINE_BEFORE_EDIT', 'UNIQUE_LINE_AFTER_EDIT'] as const;
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'edit-child.ts');

/** Source-like lines up to exactly `bytes`, with one unique line in the middle for the edit. */
function createEditableText(bytes: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let index = 0; length < bytes; index += 1) {
    const line =
      index === 40_000
        ? `const marker = '${EDIT_MARKERS[0]}';\n`
        : `export const value${index} = compute(${index}, 'item-${index % 97}'); // generated\n`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('').slice(0, bytes);
}

/**
 * edit_file's engine on a file of exactly MAX_EDITABLE_BYTES, in a fresh process so that its
 * peak memory can be told: the whole edit (read, hash, conflict check, replacement, diff,
 * atomic write with its fsync, and a second hash just before the rename) against a plain read
 * and rewrite of the same file.
 */
export async function benchEdit({ size, repoRoot, log }: BenchContext): Promise<BenchRow[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'agent-course-bench-edit-'));
  try {
    const text = createEditableText(MAX_EDITABLE_BYTES);
    if (text.indexOf(EDIT_MARKERS[0]) < 0)
      throw new Error('the edit marker fell past the size limit');
    await writeFile(path.join(folder, 'limit.js'), text);
    log(`edit_file on a ${formatSize(MAX_EDITABLE_BYTES)} file`);
    const runChild = async (runs: number): Promise<EditChildReport> => {
      const run = await runProgram({
        command: process.execPath,
        // A small young generation leaves little freed memory for the edit to reuse unseen.
        args: ['--max-semi-space-size=1', '--import', 'tsx', CHILD, folder, 'limit.js', `${runs}`],
        cwd: repoRoot,
        keepOutput: true,
      });
      if (run.exitCode !== 0) throw new Error(`the edit child process exited with ${run.exitCode}`);
      return JSON.parse(run.stdout) as EditChildReport;
    };
    // The first process times the edits too; the others measure one edit's memory only.
    const report = await runChild(size.runs);
    const reports = [report];
    for (let child = 1; child < MEMORY_PROCESSES; child += 1) reports.push(await runChild(0));
    const fileLabel = formatSize(MAX_EDITABLE_BYTES);
    const added = reports.map((each) => Math.max(0, each.peakRssBytes - each.rssBeforeBytes));
    const addedBytes = median(added);
    const timesFile = addedBytes / MAX_EDITABLE_BYTES;
    const spread = `${formatMegabytes(Math.min(...added))} to ${formatMegabytes(Math.max(...added))}`;
    const peakOf = reports.every((each) => each.peakOf === 'task')
      ? "the kernel's peak resident memory (VmHWM), reset just before the edit, minus what the process held then"
      : 'kernel maxRSS of the process minus what it held before the edit (no peak reset on this system, so loading can count)';
    return [
      {
        section: 'edit',
        measurement: `edit_file engine: one edit of a ${fileLabel} file (the size limit)`,
        value: report.medianMs,
        unit: 'ms',
        baseline: { label: 'plain read + rewrite', value: report.plainRewriteMs },
        ratio: report.medianMs / report.plainRewriteMs,
        target: {
          text: `< ${MAX_EDIT_MS} ms`,
          verdict: report.medianMs < MAX_EDIT_MS ? 'PASS' : 'MISS',
        },
        note: `read, SHA-256 and compare, exact replacement, ${report.diffLines}-line diff, atomic write with fsync, a second hash just before the rename; the plain rewrite does none of the checks and no fsync`,
      },
      {
        section: 'edit',
        measurement: `edit_file ${fileLabel} file: peak memory added by one edit (median of ${MEMORY_PROCESSES} processes)`,
        value: addedBytes / MEGABYTE,
        unit: 'MB',
        target: {
          text: `< ${MAX_MEMORY_TIMES_FILE}× the file (${formatMegabytes(MAX_MEMORY_TIMES_FILE * MAX_EDITABLE_BYTES)})`,
          verdict: timesFile < MAX_MEMORY_TIMES_FILE ? 'PASS' : 'MISS',
        },
        note: `${peakOf}, after a warm-up edit of a small file, in a process with a 1 MB young generation; ${timesFile.toFixed(2)}× the file; ${MEMORY_PROCESSES} fresh processes ranged ${spread}`,
      },
    ];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
