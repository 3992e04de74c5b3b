import { MAX_RESULT_CHARS } from '@agent-course/finished-d3';
import type { MeasureFigures } from '@agent-course/course';
import {
  BoundedOutput,
  DEFAULT_COMMAND_TIMEOUT_MS,
  KILL_GRACE_MS,
  MAX_COMMAND_OUTPUT_CHARS,
  MAX_COMMAND_TIMEOUT_MS,
  MAX_LISTED_MATCHES,
  MAX_REPLACEMENTS,
  OUTPUT_DRAIN_MS,
} from '@agent-course/workspace';

const seconds = (milliseconds: number) => milliseconds / 1000;

/**
 * Day 4's figures, measured on the code this solution runs (see figures in day.ts): the limits of
 * an edit and of a command, and how much of a long output a command's result keeps.
 */
export const measureFigures: MeasureFigures = async () => {
  // A character the cut note never uses, so what is kept of a long output can be counted.
  const filler = '\u2588';
  const output = new BoundedOutput(MAX_COMMAND_OUTPUT_CHARS);
  output.append(filler.repeat(MAX_COMMAND_OUTPUT_CHARS * 10));
  const text = output.toString();
  const head = text.indexOf('\n');
  const tail = text.length - text.lastIndexOf('\n') - 1;
  return {
    'listed-matches': MAX_LISTED_MATCHES,
    'replacements-limit': MAX_REPLACEMENTS,
    'command-timeout-seconds': seconds(DEFAULT_COMMAND_TIMEOUT_MS),
    'command-timeout-max-seconds': seconds(MAX_COMMAND_TIMEOUT_MS),
    'kill-grace-seconds': seconds(KILL_GRACE_MS),
    'output-drain-seconds': seconds(OUTPUT_DRAIN_MS),
    'output-kept': head + tail,
    // The page says the first and the last so many: one figure only while the two halves are equal.
    'output-head-tail': head === tail ? head : `${head} first, ${tail} last`,
    'result-cap': MAX_RESULT_CHARS,
  };
};
