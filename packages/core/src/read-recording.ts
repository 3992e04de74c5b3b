import { z } from 'zod';
import { RecordedTurn, RecordingHeader } from './session-recording';
import type { SessionRecording } from './session-recording';

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
