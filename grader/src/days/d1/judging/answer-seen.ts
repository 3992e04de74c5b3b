import { z } from 'zod';

/** What answer-once answers: the events the lab forwarded, when, and how its run ended. */
export const AnswerSeen = z.strictObject({
  forwarded: z.array(
    z.strictObject({ event: z.looseObject({ type: z.unknown() }), afterModelEvents: z.number() }),
  ),
  stopReason: z.unknown(),
  error: z.string().optional(),
});
export type AnswerSeen = z.infer<typeof AnswerSeen>;
