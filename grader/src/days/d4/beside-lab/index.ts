import type { DrivingPart } from '../../../beside-lab/driving-part';
import * as ambiguity from './ambiguity';
import * as bytesPreserved from './bytes-preserved';
import * as noMatch from './no-match';
import * as outputAndStdin from './output-and-stdin';
import * as redToGreen from './red-to-green';
import * as staleEdit from './stale-edit';
import * as timeoutGroup from './timeout-group';

// The check process loads a day-4 lab with this before its first check (see beside-lab/drive-lab.ts).
export { loadD4Lab as loadLab } from './d4-lab';

/** Day 4's driving parts, by the id of each check in labs/d4/day.ts. */
export const drivingParts: Record<string, DrivingPart> = {
  'red-to-green': redToGreen,
  'no-match': noMatch,
  ambiguity,
  'bytes-preserved': bytesPreserved,
  'stale-edit': staleEdit,
  'timeout-group': timeoutGroup,
  'output-and-stdin': outputAndStdin,
};
