import type { MeasureFigures } from '@agent-course/course';
import { MAX_RESULT_CHARS, truncateResult } from './src/truncate-result';

/** The long result the pages and the truncation check cut: 20,000 characters. */
const LONG_RESULT_CHARS = 20_000;

/**
 * Day 3's figures, measured on this solution (see figures in day.ts): what the offline run feeds
 * back and resends, and what truncateResult makes of a 20,000-character result.
 */
export const measureFigures: MeasureFigures = async ({ offlineRun }) => {
  const output = await offlineRun();
  const numbers = (pattern: RegExp) =>
    [...output.matchAll(pattern)].map((match) => Number(match[1]!.replaceAll(',', '')));
  // The run prints the tool share after every turn; a turn without tool calls repeats the last.
  const shares = numbers(/([\d,]+) of them tool results/g);
  // A character the note never uses, so what is left of the input and what the note added can be told apart.
  const filler = '\u2588';
  const { content } = truncateResult({ ok: true, content: filler.repeat(LONG_RESULT_CHARS) });
  const kept = [...content].filter((character) => character === filler).length;
  return {
    'fed-back': numbers(/fed back (\d+) chars/g),
    'tool-share': shares.filter((share, index) => share !== shares[index - 1]),
    'result-cap': MAX_RESULT_CHARS,
    truncated: content.length,
    cut: LONG_RESULT_CHARS - kept,
    'note-length': content.length - kept,
  };
};
