import { z } from 'zod';

/** The first line of a recording: what made it. */
export const RecordingHeader = z.object({
  /** Marks the file as a recording of this kit. */
  recording: z.literal('agent-course session'),
  /** The format's version. */
  version: z.literal(1),
  /** Where the chunks came from, e.g. an endpoint's URL or "scripted model (MOCK=1)". */
  source: z.string(),
  /** The model name the requests asked for. */
  model: z.string(),
});
export type RecordingHeader = z.infer<typeof RecordingHeader>;

/** Every later line: one model turn as it crossed the wire. */
export const RecordedTurn = z.object({
  /** The turn's number, counted from 1. */
  turn: z.number().int().min(1),
  /** The request body sent, without credentials. */
  request: z.unknown(),
  /** True when the answer was streamed; false for one JSON completion. */
  streamed: z.boolean(),
  /** Whether the stream ended with `data: [DONE]`. */
  sawDone: z.boolean(),
  /** The chunks as received: parsed JSON, or `{ rawData }` for an event that did not parse. */
  chunks: z.array(z.unknown()),
});
export type RecordedTurn = z.infer<typeof RecordedTurn>;

/** A whole recorded session. */
export interface SessionRecording {
  /** What made it. */
  header: RecordingHeader;
  /** Its turns in order. */
  turns: RecordedTurn[];
}
