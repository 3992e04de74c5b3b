import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { createRandom } from '../../../judging/create-random';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';
import { chatVariant } from './chat-variant';
import { ChatSeen, describeRoles } from './chat-seen';

/**
 * Check 7: the second request of a chat fails. The chat ends with stopReason model-error and the
 * failure's own words, and the history it returns has the line taken back out, so it is one a
 * next request could carry as it is: a line nothing answered would sit beside the next one.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const variant = chatVariant({ seed, salt: 'failed-call', turns: 3 });
  const failure = `429 Rate limit reached for requests (request ${createRandom({ seed, salt: 'failed-call-id' }).integer(10_000, 99_999)}); wait and try again`;
  const seen = readAnswer({
    answer: await drive('chat', { ...variant, failOn: 2, failure }),
    schema: ChatSeen,
    what: "the chat's end",
  });
  const expected = `on a failed second request: stopReason model-error with "${failure}", and the history back as it was before that line`;
  if (seen.stopReason !== 'model-error' || !seen.error?.includes(failure)) {
    return {
      passed: false,
      expected,
      got: `stopReason ${String(seen.stopReason)}${seen.error ? ` with ${JSON.stringify(shortenText(seen.error, 200))}` : ' and no error'}${seen.requests.length > 2 ? `, and ${seen.requests.length - 2} more request(s) after it` : ''}`,
      mistake: 'error-lost',
    };
  }
  const roles = describeRoles(seen.messages);
  if (roles !== 'system, user, assistant') {
    return {
      passed: false,
      expected,
      got: `the history came back as ${roles}`,
      mistake: seen.messages?.at(-1)?.role === 'user' ? 'line-kept' : 'history-wrong',
    };
  }
  return { passed: true, transcript: [`request 2 failed; the history came back as ${roles}`] };
}
