import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { globWorkspace, grepWorkspace } from '@agent-course/workspace';
import { INSTALL_HINT, toolContext } from './bench-context';
import type { BenchContext } from './bench-context';
import { compareRow } from './bench-row';
import type { BenchRow } from './bench-row';
import { findProgram } from './find-program';
import { measureBaseline } from './measure-baseline';
import { measureMedian } from './measure-median';

/** Eleven stars between a's, then a b: a backtracking matcher tries every split of a long name. */
const STAR_HEAVY = '**/*a*a*a*a*a*a*a*a*a*a*a*b';
/** Sixteen {a,b}: 65,536 patterns once written out. */
const BRACE_BOMB = '{a,b}'.repeat(16);
/** A minified line on which V8's engine backtracks for minutes. */
const LONG_LINE = `${'x=1,'.repeat(55_000)}returnz;`;

/**
 * The inputs that hung the tools before they were bounded, each timed in a small folder made for
 * it: a star-heavy glob against a 250-character name, a brace bomb, and `.*return.*;$` on a
 * 220,000-character line. The figures show each answering at once; fd and rg, whose matchers
 * are linear too, are the yardsticks.
 */
export async function benchWorstCase({ size, data, log }: BenchContext): Promise<BenchRow[]> {
  if (!data) throw new Error('benchWorstCase needs a data folder');
  const cwd = path.join(path.dirname(data.treeRoot), 'worst-case');
  await rm(cwd, { recursive: true, force: true });
  await mkdir(cwd, { recursive: true });
  await writeFile(path.join(cwd, 'a'.repeat(250)), '');
  await writeFile(path.join(cwd, 'min.js'), `${LONG_LINE}\n`);
  const [fd, rg] = [await findProgram(['fd', 'fdfind']), await findProgram(['rg'])];
  const rows: BenchRow[] = [];

  log(`worst case: glob ${STAR_HEAVY}`);
  const starHeavy = await measureMedian({
    runs: size.runs,
    task: () => globWorkspace({ pattern: STAR_HEAVY, ...toolContext(cwd) }),
  });
  rows.push(
    compareRow({
      section: 'worst case',
      measurement: `glob ${STAR_HEAVY} against a 250-character name (tool)`,
      value: starHeavy.medianMs,
      unit: 'ms',
      baseline: await measureBaseline({
        label: 'fd',
        program: fd,
        args: ['--type', 'f', '--glob', STAR_HEAVY.slice(3)],
        cwd,
        runs: size.runs,
        missing: INSTALL_HINT,
      }),
      note: 'a backtracking matcher took 12 s on this one name, tripling with each extra star',
    }),
  );

  log('worst case: a brace bomb');
  const bomb = await measureMedian({
    runs: size.runs,
    task: () => grepWorkspace({ pattern: 'x', include: BRACE_BOMB, ...toolContext(cwd) }),
  });
  rows.push({
    section: 'worst case',
    measurement: `grep include {a,b} sixteen times (85 characters): refused (tool)`,
    value: bomb.medianMs,
    unit: 'ms',
    note: 'written out, these braces are 65,536 patterns: 6-8 s and 470 MB before they were counted first',
  });

  log('worst case: .*return.*;$ on a 220,000-character line');
  const longLine = await measureMedian({
    runs: size.runs,
    task: () => grepWorkspace({ pattern: '.*return.*;$', ...toolContext(cwd) }),
  });
  rows.push(
    compareRow({
      section: 'worst case',
      measurement: `grep /.*return.*;$/ on a ${LONG_LINE.length.toLocaleString('en-US')}-character line (tool)`,
      value: longLine.medianMs,
      unit: 'ms',
      baseline: await measureBaseline({
        label: 'rg',
        program: rg,
        args: ['-n', '--', '.*return.*;$', '.'],
        cwd,
        runs: size.runs,
        missing: INSTALL_HINT,
      }),
      note: "V8's backtracking engine ran for over ten minutes on such a line",
    }),
  );
  await rm(cwd, { recursive: true, force: true });
  return rows;
}
