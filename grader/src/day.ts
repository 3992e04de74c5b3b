import type { Check } from './check';

/** A graded day of the course. */
export interface Day {
  /** The day's id on the command line, e.g. `d3`. */
  id: string;
  /** The student's starter, relative to the kit root; graded by default. */
  labDir: string;
  /** The reference solution, relative to the kit root; graded with --solution. */
  solutionDir: string;
  /** The checks, in the order they are reported. */
  checks: Check[];
  /**
   * Imports the lab in the check child before its first check starts, so a lab that hangs or dies
   * while loading fails those checks at once instead of one child at a time.
   */
  loadLab?(labDir: string): Promise<unknown>;
}
