import { planReplacement } from './plan-replacement';
import type { ReplacementRefusal, ReplacementRequest } from './plan-replacement';
import { applySplices } from './text-splice';

/** The new text, or why it was refused (the text is then unchanged). */
export type ReplacementResult =
  | {
      ok: true;
      /** The whole new text, in the original's line endings, byte-order mark and tabs. */
      text: string;
      /** How many places were replaced: 1, or more with replaceAll. */
      replacements: number;
    }
  | { ok: false; reason: ReplacementRefusal; error: string; lines?: number[] };

/** Exact replacement on a text in memory: planReplacement, then its splices applied. */
export function replaceExactly(request: ReplacementRequest): ReplacementResult {
  const plan = planReplacement(request);
  if (!plan.ok) return plan;
  return {
    ok: true,
    text: applySplices({ text: request.text, splices: plan.splices }),
    replacements: plan.splices.length,
  };
}
