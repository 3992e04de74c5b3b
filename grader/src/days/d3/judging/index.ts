import type { JudgingPart } from '../../../judging/check';
import * as badArguments from './bad-arguments';
import * as callOrder from './call-order';
import * as fragmentMerging from './fragment-merging';
import * as grepDescription from './grep-description';
import * as pathBoundary from './path-boundary';
import * as toolSchemas from './tool-schemas';
import * as truncation from './truncation';
import * as unknownTool from './unknown-tool';

/** Day 3's judging parts, by the id of each check and stretch check in labs/d3/day.ts. */
export const judgingParts: Record<string, JudgingPart> = {
  'tool-schemas': toolSchemas,
  'path-boundary': pathBoundary,
  'fragment-merging': fragmentMerging,
  'bad-arguments': badArguments,
  'unknown-tool': unknownTool,
  truncation,
  'call-order': callOrder,
  'grep-description': grepDescription,
};
