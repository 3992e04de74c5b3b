import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root of the course kit this grader lives in. */
export const KIT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where each day's checks live: `<GRADER_DAYS_DIR>/<day>/checks/` and `<day>/beside-lab/`. */
export const GRADER_DAYS_DIR = fileURLToPath(new URL('../days/', import.meta.url));

/**
 * A day's list of its checks on one side: `days/<day>/judging/index.ts` (the judging parts, loaded
 * by the grader) or `days/<day>/beside-lab/index.ts` (the driving parts and the lab's loader,
 * loaded by the check process).
 */
export function dayListFile({ dayId, side }: { dayId: string; side: DaySide }): string {
  return join(GRADER_DAYS_DIR, dayId, side, 'index.ts');
}

/** A side of a day's checks: the folder of its parts. */
type DaySide = 'judging' | 'beside-lab';

/** The program that runs the lab's compiled command line for real, started before it is built. */
export const LAB_PROGRAM_LAUNCHER = fileURLToPath(
  new URL('./launch-lab-program.ts', import.meta.url),
);

/** The child entry that runs a lab's checks one after another. */
export const DRIVE_LAB_ENTRY = fileURLToPath(new URL('./drive-lab.ts', import.meta.url));
