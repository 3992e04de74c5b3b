import type { CheckOutcome } from '../../../judging/check';
import { z } from 'zod';

/** What answer-once answers: the events the lab forwarded, when, its requests, how its run ended. */
export const AnswerSeen = z.strictObject({
  forwarded: z.array(
    z.strictObject({ event: z.looseObject({ type: z.unknown() }), afterModelEvents: z.number() }),
  ),
  /** How many times answerOnce called model.stream. */
  requests: z.number(),
  stopReason: z.unknown(),
  error: z.string().optional(),
});
export type AnswerSeen = z.infer<typeof AnswerSeen>;

/**
 * A failing outcome unless answerOnce asked the model once: one question is one request, and a lab
 * that asks again could replay the answer up to each piece, seeming to show it as it arrived.
 */
export function askedOnce(seen: AnswerSeen): CheckOutcome | undefined {
  if (seen.requests === 1) return undefined;
  return {
    passed: false,
    expected: 'answerOnce to call model.stream once: one question, one request',
    got: `it called model.stream ${seen.requests} times`,
  };
}
