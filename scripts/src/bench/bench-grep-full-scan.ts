import { MAX_GREP_FILE_BYTES, SKIPPED_FOLDERS, grepWorkspace } from '@agent-course/workspace';
import { INSTALL_HINT, toolContext } from './bench-context';
import type { BenchContext } from './bench-context';
import { compareRow } from './bench-row';
import type { BenchRow } from './bench-row';
import { findProgram } from './find-program';
import { formatMegabytes } from './format-figure';
import { measureBaseline } from './measure-baseline';
import { measureMedian } from './measure-median';
import { measureToolReads } from './measure-tool-reads';

/** A pattern the generator never writes, so every file is read to the end. */
export const NEVER_MATCHING_PATTERN = 'zqxwv_never_written';
/** The goal: a full scan within four times ripgrep's time. */
const MAX_RATIO_TO_RIPGREP = 4;

/** The full scan's figures, which the early-stopping search is compared with. */
export interface FullScan {
  /** The table rows. */
  rows: BenchRow[];
  /** The tool's median time, in milliseconds. */
  toolMs: number;
  /** Bytes the tool read in one full scan, if the system tells. */
  bytesRead: number | undefined;
}

/**
 * grep for a pattern that matches nowhere, so the tool and its baselines read every searchable
 * file: against ripgrep (told to skip the same folders, dot files included, and files over grep's
 * size limit) and against GNU `grep -rn`.
 */
export async function benchGrepFullScan({ size, data, log }: BenchContext): Promise<FullScan> {
  if (!data) throw new Error('benchGrepFullScan needs the generated tree');
  const cwd = data.treeRoot;
  log('grep full scan: the tool');
  const search = () => grepWorkspace({ pattern: NEVER_MATCHING_PATTERN, ...toolContext(cwd) });
  const tool = await measureMedian({ runs: size.runs, task: search });
  const bytesRead = await measureToolReads(search);
  const measurement = `grep /${NEVER_MATCHING_PATTERN}/, no match: full scan (tool)`;
  const read =
    bytesRead === undefined
      ? ''
      : `; the tool read ${formatMegabytes(bytesRead)} of the ${formatMegabytes(data.tree.visibleBytes)} outside node_modules`;

  const rg = await findProgram(['rg']);
  const rgArgs = ['-n', '--hidden', '--no-ignore', '--max-filesize', `${MAX_GREP_FILE_BYTES}`]
    .concat(SKIPPED_FOLDERS.flatMap((folder) => ['-g', `!${folder}`]))
    .concat(['--', NEVER_MATCHING_PATTERN, '.']);
  const grep = await findProgram(['grep']);
  const grepArgs = ['-rnI']
    .concat(SKIPPED_FOLDERS.map((folder) => `--exclude-dir=${folder}`))
    .concat(['--', NEVER_MATCHING_PATTERN, '.']);
  const baselines = [
    {
      label: 'rg',
      program: rg,
      args: rgArgs,
      maxRatio: MAX_RATIO_TO_RIPGREP,
      note: `rg searches on every core and skips files over ${formatMegabytes(MAX_GREP_FILE_BYTES)} like the tool${read}`,
    },
    {
      label: 'grep -rn',
      program: grep,
      args: grepArgs,
      maxRatio: undefined,
      note: `grep -rn has no size limit, so it also reads the logs over ${formatMegabytes(MAX_GREP_FILE_BYTES)} the tool skips; -I skips binary files as the tool does`,
    },
  ];

  const rows: BenchRow[] = [];
  for (const { label, program, args, maxRatio, note } of baselines) {
    log(`grep full scan: ${label}`);
    const baseline = await measureBaseline({
      label,
      program,
      args,
      cwd,
      runs: size.runs,
      missing: label === 'rg' ? INSTALL_HINT : 'grep is not on PATH',
    });
    rows.push(
      compareRow({
        section: 'grep',
        measurement,
        value: tool.medianMs,
        unit: 'ms',
        baseline,
        ...(maxRatio ? { maxRatio } : {}),
        note,
      }),
    );
  }
  return { rows, toolMs: tool.medianMs, bytesRead };
}
