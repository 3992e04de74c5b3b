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

/**
 * Reads a RECORD file: a header line, then one turn a line. A mistake comes back as one
 * sentence naming the line, never a throw.
 */
export function readRecording(
  text: string,
): { ok: true; value: SessionRecording } | { ok: false; error: string } {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) {
    return {
      ok: false,
      error: 'the file is empty; make a recording with RECORD=path.jsonl pnpm start',
    };
  }
  const parsed: unknown[] = [];
  for (const [position, line] of lines.entries()) {
    try {
      parsed.push(JSON.parse(line));
    } catch {
      return {
        ok: false,
        error: `line ${position + 1} is not JSON; a recording has one JSON object a line`,
      };
    }
  }
  const header = RecordingHeader.safeParse(parsed[0]);
  if (!header.success) {
    return {
      ok: false,
      error: 'line 1 is not a recording header; make the file with RECORD=path.jsonl pnpm start',
    };
  }
  const turns: RecordedTurn[] = [];
  for (const [position, value] of parsed.slice(1).entries()) {
    const turn = RecordedTurn.safeParse(value);
    if (!turn.success) {
      return {
        ok: false,
        error: `line ${position + 2} is not a recorded turn (${z.prettifyError(turn.error).replaceAll('\n', ' ')})`,
      };
    }
    turns.push(turn.data);
  }
  if (turns.length === 0) return { ok: false, error: 'the recording has no turns' };
  return { ok: true, value: { header: header.data, turns } };
}
