import type { JudgingPart } from '../../../judging/check';
import * as asItArrives from './as-it-arrives';
import * as cutStream from './cut-stream';
import * as firstTokenAndUsage from './first-token-and-usage';
import * as httpError from './http-error';
import * as quirkStreams from './quirk-streams';
import * as refusedConnection from './refused-connection';
import * as usageChunk from './usage-chunk';

/** Day 1's judging parts, by the id of each check in solutions/d1/day.ts. */
export const judgingParts: Record<string, JudgingPart> = {
  'quirk-streams': quirkStreams,
  'usage-chunk': usageChunk,
  'cut-stream': cutStream,
  'as-it-arrives': asItArrives,
  'first-token-and-usage': firstTokenAndUsage,
  'http-error': httpError,
  'refused-connection': refusedConnection,
};
