import type { DrivingPart } from '../../../beside-lab/driving-part';
import { toolOperations } from './see-tools';

/** tool-schemas' driving part: the lab's tools as the model sees them, and their parameters' parse. */
export const operations = { ...toolOperations } satisfies DrivingPart['operations'];
