import type { DrivingPart } from '../../../beside-lab/driving-part';
import { toolOperations } from './see-tools';

/** grep-description's driving part: grep as the model sees it, and its parameters' parse. */
export const operations = { ...toolOperations } satisfies DrivingPart['operations'];
