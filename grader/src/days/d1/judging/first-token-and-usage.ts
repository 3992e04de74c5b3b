import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { createRandom } from '../../d3/judging/variants/create-random';
import { AnswerSeen } from './answer-seen';
import { buildAnswerStream } from './answer-stream';

/**
 * Check 5: on a clock the grader moves, answerOnce measures the time from the request to the first
 * piece of text a person sees (not to a notice or an empty piece), keeps the usage the endpoint
 * sent, and reports both with the finish reason in one answer-stats event; a stop is 'done'.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const stream = buildAnswerStream(createRandom({ seed, salt: 'first-token-and-usage' }));
  const seen = readAnswer({
    answer: await drive('answer', {
      events: stream.events,
      times: stream.times,
      start: stream.start,
    }),
    schema: AnswerSeen,
    what: "answerOnce's events",
  });
  const wanted = { finishReason: 'stop', firstTokenMs: stream.firstTokenMs, usage: stream.usage };
  const expected = `one answer-stats event with stats ${JSON.stringify(wanted)} (the clock read ${stream.start} before the request and ${stream.start + stream.firstTokenMs} at the first word)`;
  const stats = seen.forwarded.filter(({ event }) => event.type === 'answer-stats');
  if (stats.length !== 1) {
    return { passed: false, expected, got: `${stats.length} answer-stats events` };
  }
  const got = (stats[0]!.event.stats ?? {}) as Record<string, unknown>;
  const usage = (got.usage ?? {}) as Record<string, unknown>;
  const same =
    got.finishReason === 'stop' &&
    got.firstTokenMs === stream.firstTokenMs &&
    usage.promptTokens === stream.usage.promptTokens &&
    usage.completionTokens === stream.usage.completionTokens;
  if (!same) return { passed: false, expected, got: `stats ${JSON.stringify(got).slice(0, 300)}` };
  if (seen.stopReason !== 'done') {
    return {
      passed: false,
      expected: "stopReason 'done' for an answer that ended with finish reason stop",
      got: `stopReason ${JSON.stringify(seen.stopReason)}${seen.error ? `: ${seen.error}` : ''}`,
    };
  }
  return {
    passed: true,
    transcript: [
      `first token after ${stream.firstTokenMs} ms; usage ${stream.usage.promptTokens} + ${stream.usage.completionTokens}`,
    ],
  };
}
