import { mulberry32 } from './mulberry32';
import { parseChatRequest } from './parse-chat-request';
import { renderScriptedTurn } from './render-scripted-turn';
import {
  DEFAULT_MAX_FRAGMENTS,
  DEFAULT_MIN_FRAGMENTS,
  DEFAULT_SCRIPT_SEED,
} from './scripted-model-defaults';
import type { ScriptedModel, ScriptedModelOptions } from './scripted-model';
import type { StreamQuirks } from './stream-quirks';

/**
 * A model that plays a script instead of thinking. It keeps no state between requests: the turn
 * is read from the conversation (one more than the assistant messages in it), and each turn's
 * random splits are seeded from the seed and the turn number. So the same script, seed and
 * conversation always give the same chunks, whatever was asked before.
 */
export function createScriptedModel(options: ScriptedModelOptions): ScriptedModel {
  const quirks = options.quirks ?? {};
  const problem = findQuirkProblem(quirks);
  if (problem) throw new Error(problem);
  const seed = options.seed ?? DEFAULT_SCRIPT_SEED;
  return {
    respond(body) {
      const request = parseChatRequest(body);
      if (!request.ok) throw new Error(request.error);
      const turnNumber =
        request.messages.filter((message) => message.role === 'assistant').length + 1;
      const step = options.steps[turnNumber - 1];
      if (!step) {
        throw new Error(
          `the scripted model has no step for turn ${turnNumber}; its script has ${options.steps.length} step${options.steps.length === 1 ? '' : 's'}`,
        );
      }
      return renderScriptedTurn({
        turn: step(request.messages),
        turnNumber,
        // Mixing the turn number in keeps turn 3 identical whether or not turns 1 and 2 were replayed.
        random: mulberry32(seed ^ Math.imul(turnNumber, 0x9e3779b1)),
        quirks,
      });
    },
  };
}

function findQuirkProblem(quirks: StreamQuirks): string | undefined {
  const min = quirks.minFragments ?? DEFAULT_MIN_FRAGMENTS;
  const max = quirks.maxFragments ?? DEFAULT_MAX_FRAGMENTS;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 2 || max < min) {
    return `minFragments and maxFragments must be whole numbers with 2 <= minFragments <= maxFragments (got ${min} and ${max}); a call needs its head plus at least one argument piece`;
  }
  if (quirks.omitIndex && quirks.interleave) {
    return 'omitIndex and interleave cannot be combined: without an index nothing can tell interleaved fragments apart; drop one of them';
  }
  return undefined;
}
