import { join } from 'node:path';

/**
 * A check's scratch dir: named for the check inside the grade's own folder, so the grader knows
 * every scratch path and can hide them all from the report in one place (see grade-lab.ts). A
 * check's real run of the lab's command line (see start-real-run.ts) runs while the checks do, so
 * it has its own.
 */
export function scratchDirOf({
  scratchRoot,
  check,
  part = 'check',
}: {
  scratchRoot: string;
  check: { id: string };
  /** Which part of the check the folder is for: its steps, or its real run. */
  part?: 'check' | 'real-run';
}): string {
  return join(scratchRoot, `${part}-${check.id}`);
}
