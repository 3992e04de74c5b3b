import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';
import { ExplainedSeen, messageProblem, namedWrongly } from './explained-seen';

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
  const expected = `one line naming ${seen.endpoint}, ECONNREFUSED and OPENAI_BASE_URL, not OPENAI_API_KEY or MODEL`;
  const problem =
    messageProblem(seen) ??
    (!said.includes(seen.endpoint) ? 'no URL' : undefined) ??
    (!said.includes('ECONNREFUSED') ? 'no cause (ECONNREFUSED)' : undefined) ??
    (!/\bOPENAI_BASE_URL\b/.test(said) ? 'no word of OPENAI_BASE_URL' : undefined) ??
    namedWrongly(said, ['OPENAI_API_KEY', 'MODEL']);
  if (problem)
    return {
      passed: false,
      expected,
      got: `${problem}: ${JSON.stringify(shortenText(said, 300))}`,
    };
  return { passed: true, transcript: [said.replace(seen.endpoint, '<the URL>')] };
}
