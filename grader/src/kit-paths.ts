import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root of the course kit this grader lives in. */
export const KIT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where each day's check code lives: `<GRADER_DAYS_DIR>/<day>/checks/<check id>.ts`. */
export const GRADER_DAYS_DIR = fileURLToPath(new URL('./days/', import.meta.url));

/**
 * A day's file by name among what runs beside the lab, `days/<day>/beside-lab/<name>.ts`: a
 * check's driving part, or the day's `load-lab`.
 */
export function besideLabFile({ dayId, name }: { dayId: string; name: string }): string {
  return join(GRADER_DAYS_DIR, dayId, 'beside-lab', `${name}.ts`);
}

/** The program that runs the lab's compiled command line for real, started before it is built. */
export const LAB_PROGRAM_LAUNCHER = fileURLToPath(
  new URL('./launch-lab-program.ts', import.meta.url),
);

/** The child entry that runs a lab's checks one after another. */
export const DRIVE_LAB_ENTRY = fileURLToPath(new URL('./beside-lab/drive-lab.ts', import.meta.url));
