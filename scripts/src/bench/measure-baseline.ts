import type { Baseline } from './bench-row';
import { measureMedian } from './measure-median';
import { runProgram } from './run-program';

/**
 * Times a baseline program the same way as the tool it is compared with, or says why it cannot:
 * `program` is undefined when it is not installed, and `missing` tells how to get it.
 */
export async function measureBaseline({
  label,
  program,
  args,
  cwd,
  runs,
  missing,
}: {
  label: string;
  program: string | undefined;
  args: string[];
  cwd: string;
  runs: number;
  missing: string;
}): Promise<Baseline> {
  if (!program) return { label, missing };
  const timing = await measureMedian({
    runs,
    task: () => runProgram({ command: program, args, cwd }),
  });
  return { label, value: timing.medianMs };
}
