import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';
import { chatVariant } from './chat-variant';
import { ChatSeen, describeRoles } from './chat-seen';
import { judgeServedChat, servedChat, servedChatRun } from './served-chat';

/** The chat again, for real: its requests, and their instructions, seen by the grader's endpoint. */
export const realRun = servedChatRun({ salt: 'system-prompt' });

/**
 * Check 5: every request of a chat starts with the same system message, with text, and carries
 * no other; the history the chat ends with starts with it too. Instructions sent once and lost
 * frame only the first answer; instructions added each turn are paid for again and again. The
 * same is judged of a real run, whose requests reach an endpoint of the grader's.
 */
export async function judge(context: JudgeContext): Promise<CheckOutcome> {
  const driven = await judgeDriven(context);
  if (!driven.passed) return driven;
  const run = await context.realRun();
  const served = judgeServedChat({
    run,
    chat: servedChat({ seed: context.seed, salt: 'system-prompt' }),
    labDir: context.labDir,
  });
  if (!served.passed) return served;
  // Served runs judged above all start with the same system message; it must say something.
  const first = run.kind === 'ended' ? run.chat?.endpoint.requests[0]?.[0] : undefined;
  if (!first?.content?.trim()) {
    return {
      passed: false,
      expected: 'every request of the real run to start with instructions that say something',
      got: 'its system message is empty',
      mistake: 'no-system',
    };
  }
  return { passed: true, transcript: [...(driven.transcript ?? []), ...(served.transcript ?? [])] };
}

/** The chat driven in the check process, with a model that records what each request carried. */
async function judgeDriven({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
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
