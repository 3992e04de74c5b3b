import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { createRandom } from '../../d3/judging/variants/create-random';
import { AnswerSeen } from './answer-seen';
import { buildAnswerStream } from './answer-stream';

/**
 * Check 4: each piece of text reaches onEvent before the model is asked for the next one, in
 * order, and nothing but the text is shown as text: the answer is printed as it arrives, not
 * once it is whole.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const stream = buildAnswerStream(createRandom({ seed, salt: 'as-it-arrives' }));
  const seen = readAnswer({
    answer: await drive('answer', {
      events: stream.events,
      times: stream.times,
      start: stream.start,
    }),
    schema: AnswerSeen,
    what: "answerOnce's events",
  });
  const texts = seen.forwarded.filter(({ event }) => event.type === 'text-delta');
  const shown = texts.map(({ event }) => String(event.text)).join('');
  if (shown !== stream.text || texts.some(({ event }) => event.text === '')) {
    return {
      passed: false,
      expected: `onEvent to get the text ${JSON.stringify(stream.text)}, piece by piece, with no empty piece`,
      got: `${texts.length} text-delta events saying ${JSON.stringify(shown.slice(0, 200))}`,
    };
  }
  // The words are model events 3 to 2 + pieces; the k-th must be forwarded while it is the latest.
  for (const [position, forwarded] of texts.entries()) {
    const given = position + 3;
    if (texts.length !== stream.pieces || forwarded.afterModelEvents !== given) {
      return {
        passed: false,
        expected: `each of the ${stream.pieces} pieces handed to onEvent as soon as it arrives, before the next is read`,
        got: `piece ${position + 1} was handed over after the model had sent ${forwarded.afterModelEvents} events (it was event ${given})`,
      };
    }
  }
  return { passed: true, transcript: [`${stream.pieces} pieces, each shown as it arrived`] };
}
