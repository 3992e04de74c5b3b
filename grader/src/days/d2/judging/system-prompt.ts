import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';
import { chatVariant } from './chat-variant';
import { ChatSeen, describeRoles } from './chat-seen';

/**
 * Check 5: every request of a chat starts with the same system message, with text, and carries
 * no other; the history the chat ends with starts with it too. Instructions sent once and lost
 * frame only the first answer; instructions added each turn are paid for again and again.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const variant = chatVariant({ seed, salt: 'system-prompt', turns: 3 });
  const seen = readAnswer({
    answer: await drive('chat', variant),
    schema: ChatSeen,
    what: "the chat's requests",
  });
  const expected =
    'every request to start with one system message, the same each time and not empty, and no other system message';
  if (seen.requests.length !== variant.lines.length) {
    return {
      passed: false,
      expected: `${expected}, for each of the ${variant.lines.length} lines`,
      got: `${seen.requests.length} request${seen.requests.length === 1 ? '' : 's'}, then the chat ended with ${String(seen.stopReason)}${seen.error ? `: ${shortenText(seen.error, 200)}` : ''}`,
    };
  }
  const first = seen.requests[0]?.[0];
  if (
    first?.role !== 'system' ||
    typeof first.content !== 'string' ||
    first.content.trim() === ''
  ) {
    return {
      passed: false,
      expected,
      got: `request 1 carried ${describeRoles(seen.requests[0] ?? null)}`,
      mistake: 'no-system',
    };
  }
  for (const [turn, request] of seen.requests.entries()) {
    const systems = (request ?? []).filter((message) => message.role === 'system');
    if (request?.[0]?.role !== 'system' || request[0].content !== first.content) {
      return {
        passed: false,
        expected,
        got: `request ${turn + 1} ${request?.[0]?.role === 'system' ? `started with other instructions: ${JSON.stringify(shortenText(String(request[0].content), 80))}` : `carried ${describeRoles(request)}`}`,
        mistake: 'changed',
      };
    }
    if (systems.length > 1) {
      return {
        passed: false,
        expected,
        got: `request ${turn + 1} carried ${systems.length} system messages: ${describeRoles(request)}`,
        mistake: 'repeated',
      };
    }
  }
  if (seen.messages?.[0]?.role !== 'system' || seen.messages[0].content !== first.content) {
    return {
      passed: false,
      expected: 'the history the chat returns to start with the instructions it sent',
      got: `it starts with ${describeRoles(seen.messages?.slice(0, 1) ?? null)}`,
      mistake: 'changed',
    };
  }
  return {
    passed: true,
    transcript: [
      `${seen.requests.length} requests, each opened by ${first.content.length} characters of instructions`,
    ],
  };
}
