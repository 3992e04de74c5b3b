import { z } from 'zod';

/** One event as the lab's toStreamEvents gave it: read loosely, judged field by field. */
const EventSeen = z.looseObject({ type: z.unknown() });

/** What read-stream answers: per stream, the events made of it and whether it was cut off. */
export const StreamsRead = z.strictObject({
  read: z.array(z.strictObject({ events: z.array(EventSeen), endless: z.boolean() })),
});
export type StreamsRead = z.infer<typeof StreamsRead>;

/** The text an event list carries, and what is wrong with its shape, if anything. */
export function summarizeEvents(events: Array<Record<string, unknown>>): {
  text: string;
  problem?: string;
  finishReason?: unknown;
  usage?: unknown[];
} {
  const finishes = events.filter((event) => event.type === 'finish');
  const usage = events.filter((event) => event.type === 'usage');
  let text = '';
  for (const event of events) {
    if (event.type !== 'text-delta') continue;
    if (typeof event.text !== 'string' || event.text === '') {
      return { text, problem: `a text-delta whose text is ${JSON.stringify(event.text ?? null)}` };
    }
    text += event.text;
  }
  if (finishes.length !== 1) {
    return { text, problem: `${finishes.length} finish events (exactly one, last, was expected)` };
  }
  if (events.at(-1)?.type !== 'finish') return { text, problem: 'a finish event that is not last' };
  return { text, finishReason: finishes[0]!.finishReason, usage };
}
