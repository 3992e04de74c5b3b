import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { createRandom } from '../../../judging/create-random';
import { ExplainedSeen, messageProblem, namedWrongly, quoteMessage } from './explained-seen';

/** The statuses asked about, the setting a message for each must name, and those it must not. */
const STATUSES = [
  {
    status: 401,
    names: 'OPENAI_API_KEY',
    notNames: ['MODEL', 'OPENAI_BASE_URL'],
    server: 'Incorrect API key provided',
  },
  {
    status: 404,
    names: 'MODEL',
    notNames: ['OPENAI_API_KEY'],
    server: 'The model does not exist or you do not have access to it',
  },
] as const;

/**
 * Check 6: an endpoint that answers an HTTP error with a JSON body gets one line that gives the
 * status, quotes the server's own sentence and names the setting to check (OPENAI_API_KEY for 401,
 * MODEL for 404) and no other, and never the key, though it is in the client and in the environment.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const random = createRandom({ seed, salt: 'http-error' });
  const transcript: string[] = [];
  for (const { status, names, notNames, server } of STATUSES) {
    const message = `${server} (request ${random.integer(10_000, 99_999)}).`;
    const apiKey = `sk-grader-${random.integer(100_000, 999_999)}-secret`;
    const seen = readAnswer({
      answer: await drive('answerStatus', { status, message, apiKey }),
      schema: ExplainedSeen,
      what: "explainFailure's message",
    });
    const expected = `for a ${status} whose body says "${message}": one line with ${status}, that sentence and ${names}, without the key or ${notNames.join(' or ')}`;
    if ('notExplained' in seen)
      return { passed: false, expected, got: 'explainFailure was never called' };
    const said = seen.explained;
    const problem =
      messageProblem(seen) ??
      (said.includes(apiKey) ? 'the API key itself' : undefined) ??
      (!said.includes(String(status)) ? `no ${status}` : undefined) ??
      (!said.includes(message.slice(0, -1)) ? "not the server's sentence" : undefined) ??
      (!new RegExp(`\\b${names}\\b`).test(said) ? `no word of ${names}` : undefined) ??
      namedWrongly(said, notNames);
    if (problem) {
      return {
        passed: false,
        expected,
        got: `${problem}: ${quoteMessage(said.replaceAll(apiKey, '<the key>'))}`,
      };
    }
    transcript.push(`${status} → ${said}`);
  }
  return { passed: true, transcript };
}
