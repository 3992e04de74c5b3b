import type { JudgingPart } from '../../../judging/check';
import * as ambiguity from './ambiguity';
import * as bytesPreserved from './bytes-preserved';
import * as noMatch from './no-match';
import * as outputAndStdin from './output-and-stdin';
import * as redToGreen from './red-to-green';
import * as staleEdit from './stale-edit';
import * as timeoutGroup from './timeout-group';

/** Day 4's judging parts, by the id of each check in labs/d4/day.ts. */
export const judgingParts: Record<string, JudgingPart> = {
  'red-to-green': redToGreen,
  'no-match': noMatch,
  ambiguity,
  'bytes-preserved': bytesPreserved,
  'stale-edit': staleEdit,
  'timeout-group': timeoutGroup,
  'output-and-stdin': outputAndStdin,
};
