import type { DrivingPart } from '../../../beside-lab/driving-part';
import { runCommandOperation } from './run-command-operation';

/** output-and-stdin's driving part: the lab's run_command on the commands the grader wrote. */
export const operations = {
  /** What the lab's run_command answers `args`, run in `cwd`. */
  run: runCommandOperation,
} satisfies DrivingPart['operations'];
