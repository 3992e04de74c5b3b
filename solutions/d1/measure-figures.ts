import type { MeasureFigures } from '@agent-course/course';
import { CHARS_PER_SCRIPTED_TOKEN } from '@agent-course/core/offline';
import { MAX_QUOTED_CHARS } from './src/explain-failure';

/**
 * Day 1's figures, measured on the code this solution runs (see figures in day.ts): what the
 * offline run's usage line reports, how the scripted model counts a token, and how much of a
 * server's sentence a failure quotes.
 */
export const measureFigures: MeasureFigures = async ({ offlineRun }) => {
  const usage = /(\d+) tokens in, (\d+) out/.exec(await offlineRun());
  return {
    'offline-usage': usage
      ? [Number(usage[1]), Number(usage[2])]
      : 'no usage line in the offline run',
    'chars-per-token': CHARS_PER_SCRIPTED_TOKEN,
    'quoted-chars': MAX_QUOTED_CHARS,
  };
};
