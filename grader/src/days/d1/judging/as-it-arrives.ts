import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { judgeRealRun } from '../../../judging/judge-real-run';
import { readAnswer } from '../../../judging/read-answer';
import { createRandom } from '../../../judging/create-random';
import { AnswerSeen, askedOnce } from './answer-seen';
import { buildAnswerStream } from './answer-stream';
import { SERVED_COMMAND, servedRun } from './served-answer';

/** `pnpm start` against the grader's endpoint, which sends each piece once the last one shows. */
export const realRun = servedRun({ salt: 'as-it-arrives', pacedByStdout: true });

/**
 * Check 4: each piece of text reaches onEvent before the model is asked for the next one, in
 * order, and nothing but the text is shown as text: the answer is printed as it arrives, not
 * once it is whole. What the check process says answerOnce did is then borne out by a real run,
 * whose stdout the grader watches itself: its endpoint sends a piece only once every piece before
 * it is on the screen, so only a program that prints as it reads gets to the end.
 */
export async function judge(context: JudgeContext): Promise<CheckOutcome> {
  const driven = await judgeDriven(context);
  if (!driven.passed) return driven;
  const answer = realRun.served(context.seed);
  const run = await context.realRun();
  const served = run.kind === 'not-compiled' ? undefined : run.served;
  const expected = `\`${SERVED_COMMAND}\` to print each piece of the answer as it arrives: the endpoint sends the next piece only once the ones before it show on stdout`;
  if (served && served.endpoint.piecesSent > 0 && !served.endpoint.finished) {
    const waitedFor = served.endpoint.piecesSent;
    return {
      passed: false,
      expected,
      got: `piece ${waitedFor} of ${answer.pieces.length} (${JSON.stringify(answer.pieces[waitedFor - 1])}) came from the endpoint but never showed on stdout, so the rest never came`,
    };
  }
  if (run.kind !== 'ended' || run.exitCode !== 0) {
    return judgeRealRun({ run, command: SERVED_COMMAND, labDir: context.labDir });
  }
  const text = answer.pieces.join('');
  if (!served?.stdout.includes(text)) {
    return {
      passed: false,
      expected: `\`${SERVED_COMMAND}\` to print the answer the endpoint sent, ${JSON.stringify(text)}`,
      got: `its stdout ended ${JSON.stringify((served?.stdout ?? '').slice(-200))}`,
    };
  }
  return {
    passed: true,
    transcript: [
      ...(driven.transcript ?? []),
      `a real run printed all ${answer.pieces.length} pieces, each before the next was sent`,
    ],
  };
}

/** The lab's answerOnce on the grader's events, in the check process. */
async function judgeDriven({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
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
  const once = askedOnce(seen);
  if (once) return once;
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
