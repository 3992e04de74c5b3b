import type { DrivingPart } from '../../../beside-lab/driving-part';
import * as answerOnce from './answer-once';
import * as cutStream from './cut-stream';
import * as explainCallFailure from './explain-call-failure';
import * as readStream from './read-stream';

// The check process loads a day-1 lab with this before its first check (see beside-lab/drive-lab.ts).
export { loadD1Lab as loadLab } from './d1-lab';

/** Day 1's driving parts, by the id of each check in solutions/d1/day.ts. */
export const drivingParts: Record<string, DrivingPart> = {
  'quirk-streams': readStream,
  'usage-chunk': readStream,
  'cut-stream': cutStream,
  'as-it-arrives': answerOnce,
  'first-token-and-usage': answerOnce,
  'http-error': explainCallFailure,
  'refused-connection': explainCallFailure,
};
