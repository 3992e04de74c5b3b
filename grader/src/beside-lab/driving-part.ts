/**
 * The driving part of a check, `days/<day>/beside-lab/<check id>.ts`: the operations the check
 * process runs on the lab when the grader asks. Each takes inputs the grader generated and returns
 * what the lab did, as plain data (JSON); it judges nothing and never sees the seed or an expected
 * value. A throw from the lab's code is answered as such (see drive-lab.ts).
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
