import type { DrivingPart } from '../../../beside-lab/driving-part';
import { labRunOperations } from './run-lab-cli';

/**
 * unknown-tool's driving part: day 3's scenario through the lab's command line, and the grader's script
 * (generated from the seed in the grader, sent as the input) against the lab's loop and registry.
 */
export const operations = { ...labRunOperations } satisfies DrivingPart['operations'];
