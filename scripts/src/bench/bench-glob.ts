import { DEFAULT_GLOB_LIMIT, SKIPPED_FOLDERS, globWorkspace } from '@agent-course/workspace';
import { INSTALL_HINT, toolContext } from './bench-context';
import type { BenchContext } from './bench-context';
import { compareRow } from './bench-row';
import type { BenchRow } from './bench-row';
import { findProgram } from './find-program';
import { measureBaseline } from './measure-baseline';
import { measureMedian } from './measure-median';

const PATTERN = '**/*.ts';
/** The issue's goal: glob within twice the time fd takes. */
const MAX_RATIO_TO_FD = 2;

/**
 * glob "**\/*.ts" over the whole tree, against fd and `rg --files` told to skip the same folders
 * and to include dot files. The tool sorts and returns its first 200 paths; both baselines print
 * every match, unsorted.
 */
export async function benchGlob({ size, data, log }: BenchContext): Promise<BenchRow[]> {
  if (!data) throw new Error('benchGlob needs the generated tree');
  const cwd = data.treeRoot;
  log(`glob ${PATTERN}: the tool`);
  const tool = await measureMedian({
    runs: size.runs,
    task: () => globWorkspace({ pattern: PATTERN, ...toolContext(cwd) }),
  });
  const measurement = `glob ${PATTERN} (tool, limit ${DEFAULT_GLOB_LIMIT})`;
  const note = `both baselines print all ${data.tree.tsFiles.toLocaleString('en-US')} matches unsorted; the tool finds them all, sorts them and returns the first ${DEFAULT_GLOB_LIMIT}`;
  const exclusions = SKIPPED_FOLDERS.flatMap((folder) => ['--exclude', folder]);

  const fd = await findProgram(['fd', 'fdfind']);
  const fdArgs = ['--type', 'f', '--hidden', '--no-ignore', ...exclusions, '--glob', '*.ts'];
  const rg = await findProgram(['rg']);
  const rgArgs = ['--files', '--hidden', '--no-ignore', '-g', '*.ts'].concat(
    SKIPPED_FOLDERS.flatMap((folder) => ['-g', `!${folder}`]),
  );
  const rows: BenchRow[] = [];
  for (const [label, program, args, maxRatio] of [
    ['fd', fd, fdArgs, MAX_RATIO_TO_FD],
    ['rg --files', rg, rgArgs, undefined],
  ] as const) {
    log(`glob ${PATTERN}: ${label}`);
    const baseline = await measureBaseline({
      label,
      program,
      args: [...args],
      cwd,
      runs: size.runs,
      missing: INSTALL_HINT,
    });
    rows.push(
      compareRow({
        section: 'glob',
        measurement,
        value: tool.medianMs,
        unit: 'ms',
        baseline,
        ...(maxRatio ? { maxRatio } : {}),
        note,
      }),
    );
  }
  return rows;
}
