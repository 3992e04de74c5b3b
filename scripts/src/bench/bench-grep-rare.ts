import { MAX_GREP_FILE_BYTES, SKIPPED_FOLDERS, grepWorkspace } from '@agent-course/workspace';
import { INSTALL_HINT, toolContext } from './bench-context';
import type { BenchContext } from './bench-context';
import { compareRow } from './bench-row';
import type { BenchRow } from './bench-row';
import { findProgram } from './find-program';
import { measureBaseline } from './measure-baseline';
import { measureMedian } from './measure-median';

/**
 * Expressions a model writes, each rare in the generated tree (no match at all), so the tool and
 * rg both read every file: the generator writes "function" and "return" on many lines, but no
 * name starting with "zz" and no word "deprecated" in any case.
 */
export const RARE_PATTERNS = ['\\bfunction\\s+zz\\w+', '.*returnzz.*;$', '(?i)deprecated'];
/** The goal: a realistic search within four times ripgrep's time. */
const MAX_RATIO_TO_RIPGREP = 4;

/** grep for each rare expression over the whole tree, against rg told to search the same files. */
export async function benchGrepRare({ size, data, log }: BenchContext): Promise<BenchRow[]> {
  if (!data) throw new Error('benchGrepRare needs the generated tree');
  const cwd = data.treeRoot;
  const rg = await findProgram(['rg']);
  const rows: BenchRow[] = [];
  for (const pattern of RARE_PATTERNS) {
    log(`grep /${pattern}/: the tool and rg`);
    const tool = await measureMedian({
      runs: size.runs,
      task: () => grepWorkspace({ pattern, ...toolContext(cwd) }),
    });
    const baseline = await measureBaseline({
      label: 'rg',
      program: rg,
      args: ['-n', '--hidden', '--no-ignore', '--max-filesize', `${MAX_GREP_FILE_BYTES}`]
        .concat(SKIPPED_FOLDERS.flatMap((folder) => ['-g', `!${folder}`]))
        .concat(['--', pattern, '.']),
      cwd,
      runs: size.runs,
      missing: INSTALL_HINT,
    });
    rows.push(
      compareRow({
        section: 'grep',
        measurement: `grep /${pattern}/, no match: full scan (tool)`,
        value: tool.medianMs,
        unit: 'ms',
        baseline,
        maxRatio: MAX_RATIO_TO_RIPGREP,
        note: 'rg searches on every core; the tool matches with re2js, a linear-time engine, on one',
      }),
    );
  }
  return rows;
}
