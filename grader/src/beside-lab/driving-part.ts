/**
 * A day's list beside the lab, `days/<day>/beside-lab/index.ts`: what the check process loads.
 */
export interface DayDriving {
  /** Imports the lab before the first check, so a lab that hangs or dies while loading fails at once. */
  loadLab(labDir: string): Promise<unknown>;
  /** The driving part of each check, by its id in the day's manifest. */
  drivingParts: Record<string, DrivingPart>;
}

/**
 * The driving part of a check, `days/<day>/beside-lab/<check id>.ts`, listed in the day's
 * `beside-lab/index.ts`: the operations the check process runs on the lab when the grader asks.
 * Each takes inputs the grader generated and returns what the lab did, as plain data (JSON); it
 * judges nothing and never sees the seed or an expected value. A throw from the lab's code is
 * answered as such (see drive-lab.ts).
 */
export interface DrivingPart {
  operations: Record<string, (input: never, context: DrivingContext) => Promise<unknown>>;
}

/** Where an operation works. */
export interface DrivingContext {
  /** The lab, ready to import (see importLabFile). */
  labDir: string;
  /** The check's scratch folder: made by the grader, emptied between checks, writable by the lab. */
  scratchDir: string;
}
