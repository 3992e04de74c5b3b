import type { DrivingPart } from '../../../beside-lab/driving-part';
import * as badArguments from './bad-arguments';
import * as callOrder from './call-order';
import * as fragmentMerging from './fragment-merging';
import * as grepDescription from './grep-description';
import * as pathBoundary from './path-boundary';
import * as toolSchemas from './tool-schemas';
import * as truncation from './truncation';
import * as unknownTool from './unknown-tool';

// The check process loads a day-3 lab with this before its first check (see beside-lab/drive-lab.ts).
export { loadD3Lab as loadLab } from './d3-lab';

/** Day 3's driving parts, by the id of each check and stretch check in labs/d3/day.ts. */
export const drivingParts: Record<string, DrivingPart> = {
  'tool-schemas': toolSchemas,
  'path-boundary': pathBoundary,
  'fragment-merging': fragmentMerging,
  'bad-arguments': badArguments,
  'unknown-tool': unknownTool,
  truncation,
  'call-order': callOrder,
  'grep-description': grepDescription,
};
