import type { DrivingPart } from '../../../beside-lab/driving-part';
import { importLabFile } from '../../../beside-lab/import-lab-file';
import * as placeholder from './placeholder';

/** Day 2's driving parts, by the id of each check and stretch check in solutions/d2/day.ts. */
export const drivingParts: Record<string, DrivingPart> = {
  placeholder,
};

// The check process loads the lab with this before its first check, so a lab that hangs or
// dies while loading fails every check at once (see grader/src/beside-lab/drive-lab.ts).
export function loadLab(labDir: string): Promise<unknown> {
  return importLabFile({ labDir, file: 'src/index.ts' });
}
