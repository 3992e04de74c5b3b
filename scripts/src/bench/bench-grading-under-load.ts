import { spawn } from 'node:child_process';
import os from 'node:os';
import type { BenchContext } from './bench-context';
import type { BenchRow } from './bench-row';
import { GRADER_DIRECT_ARGS } from './bench-grading';
import { runProgram } from './run-program';

/**
 * Grades the day-3 solution again and again while busy loops hold every core, and counts the
 * grades that gave full marks. The grader judges a check by the CPU time it used, not by the
 * wall-clock time it took, so a busy machine may slow a grade but must never fail a correct lab.
 */
export async function benchGradingUnderLoad({
  size,
  repoRoot,
  log,
}: BenchContext): Promise<BenchRow[]> {
  const cores = os.availableParallelism();
  const loadBefore = os.loadavg()[0]?.toFixed(1) ?? '?';
  const loops = Array.from({ length: cores }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  const scores: string[] = [];
  try {
    for (let grade = 1; grade <= size.loadedGrades; grade++) {
      log(`grading under load: ${grade} of ${size.loadedGrades}`);
      const run = await runProgram({
        command: process.execPath,
        args: GRADER_DIRECT_ARGS,
        cwd: repoRoot,
        keepOutput: true,
      });
      scores.push(/Score: (\d+\/\d+)/.exec(run.stdout)?.[1] ?? 'no score');
    }
  } finally {
    for (const loop of loops) loop.kill('SIGKILL');
  }
  const load = os.loadavg()[0]?.toFixed(1) ?? '?';
  const full = scores.filter((score) => score === '7/7').length;
  const share = (100 * full) / scores.length;
  return [
    {
      section: 'grading',
      measurement: `grader direct, ${scores.length} grades of the solution with ${cores} busy loops holding every core: share at 7/7`,
      value: share,
      unit: '%',
      target: { text: '= 100%', verdict: full === scores.length ? 'PASS' : 'MISS' },
      note: `scores: ${scores.join(', ')}; load average ${loadBefore} before the loops, ${load} at the end`,
    },
  ];
}
