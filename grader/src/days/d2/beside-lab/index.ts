import type { DrivingPart } from '../../../beside-lab/driving-part';
import * as findProblems from './find-problems';
import * as measure from './measure';
import * as runChat from './run-chat';
import * as writeWire from './write-wire';

// The check process loads a day-2 lab with this before its first check (see beside-lab/drive-lab.ts).
export { loadD2Lab as loadLab } from './d2-lab';

/** Day 2's driving parts, by the id of each check in solutions/d2/day.ts. */
export const drivingParts: Record<string, DrivingPart> = {
  'wire-form': writeWire,
  'history-rules': findProblems,
  'resent-size': measure,
  'whole-history': runChat,
  'system-prompt': runChat,
  interrupt: runChat,
  'failed-call': runChat,
};
