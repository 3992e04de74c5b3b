import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { createRandom } from '../../../judging/create-random';
import { buildQuirkStreams } from './quirk-stream-cases';
import { heldBack, StreamsRead, summarizeEvents } from './stream-seen';

/**
 * Check 1: the streams real endpoints send, each with one of the day's quirks, give the text they
 * carry and the finish reason that counts. The words are the seed's, so no answer can be stored.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const cases = buildQuirkStreams(createRandom({ seed, salt: 'quirk-streams' }));
  const { read } = readAnswer({
    answer: await drive('read', { streams: cases.map((quirk) => quirk.chunks) }),
    schema: StreamsRead,
    what: "toStreamEvents' events",
  });
  for (const [position, quirk] of cases.entries()) {
    const seen = read[position];
    if (!seen) return { passed: false, expected: `events for ${quirk.label}`, got: 'none' };
    if (seen.endless) {
      return { passed: false, expected: `${quirk.label} to end`, got: 'more than 1,000 events' };
    }
    const summary = summarizeEvents(seen.events);
    const wanted = `text ${JSON.stringify(quirk.text)} and one finish, ${quirk.finishReason}, last`;
    if (summary.problem) {
      return {
        passed: false,
        expected: `for ${quirk.label}: ${wanted}`,
        got: summary.problem,
        mistake: quirk.mistake,
      };
    }
    const late = heldBack({ chunks: quirk.chunks, events: seen.events, pulled: seen.pulled });
    if (late) {
      return {
        passed: false,
        expected: `for ${quirk.label}: each piece of text given as soon as its chunk is read`,
        got: late,
        mistake: 'as-read',
      };
    }
    if (summary.text !== quirk.text || summary.finishReason !== quirk.finishReason) {
      return {
        passed: false,
        expected: `for ${quirk.label}: ${wanted}`,
        got: `text ${JSON.stringify(summary.text)}, finish ${JSON.stringify(summary.finishReason)}`,
        mistake: quirk.mistake,
      };
    }
  }
  return {
    passed: true,
    transcript: cases.map((quirk) => `${quirk.label} → ${quirk.finishReason}`),
  };
}
