import { z } from 'zod';

/** One event as the lab's toStreamEvents gave it: read loosely, judged field by field. */
const EventSeen = z.looseObject({ type: z.unknown() });

/** What read-stream answers: per stream, the events made of it and whether it was cut off. */
export const StreamsRead = z.strictObject({
  read: z.array(
    z.strictObject({
      events: z.array(EventSeen),
      /** Beside each event, how many chunks the reader had taken when it gave it. */
      pulled: z.array(z.number()),
      endless: z.boolean(),
    }),
  ),
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

/**
 * Where a reader held text back instead of passing it on as it arrived: the first text-delta given
 * after the chunk after its own had been taken. undefined when each came out in time.
 */
export function heldBack({
  chunks,
  events,
  pulled,
}: {
  chunks: unknown[];
  events: Array<Record<string, unknown>>;
  pulled: number[];
}): string | undefined {
  // The 1-based position of each chunk that carries text, in order.
  const carrying = chunks.flatMap((chunk, position) => {
    const content = (chunk as { choices?: Array<{ delta?: { content?: unknown } }> }).choices?.[0]
      ?.delta?.content;
    return typeof content === 'string' && content !== '' ? [position + 1] : [];
  });
  let piece = 0;
  for (const [position, event] of events.entries()) {
    if (event.type !== 'text-delta') continue;
    const arrived = carrying[piece];
    piece += 1;
    const taken = pulled[position];
    if (arrived !== undefined && taken !== undefined && taken > arrived) {
      return `piece ${piece} of the text, from chunk ${arrived}, came out only after chunk ${taken} had been read: the reader held it back`;
    }
  }
  return undefined;
}
