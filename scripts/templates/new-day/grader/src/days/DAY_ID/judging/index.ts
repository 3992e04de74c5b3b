import type { JudgingPart } from '../../../judging/check';
import * as placeholder from './placeholder';

/** Day DAY_NUMBER's judging parts, by the id of each check and stretch check in solutions/DAY_ID/day.ts. */
export const judgingParts: Record<string, JudgingPart> = {
  placeholder,
};
