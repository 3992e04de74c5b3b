import type { JudgingPart } from '../../../judging/check';
import * as placeholder from './placeholder';

/** Day 2's judging parts, by the id of each check and stretch check in solutions/d2/day.ts. */
export const judgingParts: Record<string, JudgingPart> = {
  placeholder,
};
