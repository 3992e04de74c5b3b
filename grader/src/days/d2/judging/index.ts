import type { JudgingPart } from '../../../judging/check';
import * as failedCall from './failed-call';
import * as historyRules from './history-rules';
import * as interrupt from './interrupt';
import * as resentSize from './resent-size';
import * as systemPrompt from './system-prompt';
import * as wholeHistory from './whole-history';
import * as wireForm from './wire-form';

/** Day 2's judging parts, by the id of each check in solutions/d2/day.ts. */
export const judgingParts: Record<string, JudgingPart> = {
  'wire-form': wireForm,
  'history-rules': historyRules,
  'resent-size': resentSize,
  'whole-history': wholeHistory,
  'system-prompt': systemPrompt,
  interrupt,
  'failed-call': failedCall,
};
