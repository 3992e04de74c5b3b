import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { ExplainedSeen, messageProblem, namedWrongly, quoteMessage } from './explained-seen';

/**
 * Check 7: a connection refused (no server at the URL) gets one line that names the URL it tried,
 * the cause (ECONNREFUSED) and OPENAI_BASE_URL, the setting that chose the URL, and no other.
 */
export async function judge({ drive }: JudgeContext): Promise<CheckOutcome> {
  const seen = readAnswer({
    answer: await drive('refuse', { apiKey: 'sk-grader-refused' }),
    schema: ExplainedSeen,
    what: "explainFailure's message",
  });
  if ('notExplained' in seen) {
    return {
      passed: false,
      expected: 'a refused connection to be explained',
      got: 'explainFailure was never called',
    };
  }
  const said = seen.explained;
  // The URL is a free port's, another each run: named as what it is, so a seed's report stays the same.
  const expected =
    'one line naming the URL it tried (the endpoint it is handed), ECONNREFUSED and OPENAI_BASE_URL, not OPENAI_API_KEY or MODEL';
  const problem =
    messageProblem(seen) ??
    (!said.includes(seen.endpoint) ? 'not the URL it tried' : undefined) ??
    (!said.includes('ECONNREFUSED') ? 'no cause (ECONNREFUSED)' : undefined) ??
    (!/\bOPENAI_BASE_URL\b/.test(said) ? 'no word of OPENAI_BASE_URL' : undefined) ??
    namedWrongly(said, ['OPENAI_API_KEY', 'MODEL']);
  if (problem)
    return {
      passed: false,
      expected,
      got: `${problem}: ${quoteMessage(said.replaceAll(seen.endpoint, '<the URL>'))}`,
    };
  return { passed: true, transcript: [said.replace(seen.endpoint, '<the URL>')] };
}
