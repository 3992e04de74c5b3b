import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { createRandom } from '../../../judging/create-random';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';
import { chatVariant } from './chat-variant';
import { ChatSeen, describeRoles } from './chat-seen';
import { judgeRealRun } from '../../../judging/judge-real-run';
import { lastLines } from '../../../beside-lab/tail-collector';
import { SERVED_CHAT_COMMAND, servedChat, servedChatRun } from './served-chat';

/** The chat again, for real: the grader's endpoint answers its second request with a 429. */
export const realRun = servedChatRun({ salt: 'failed-call', failing: true });

/**
 * Check 7: the second request of a chat fails. The chat ends with stopReason model-error and the
 * failure's own words, and the history it returns has the line taken back out, so it is one a
 * next request could carry as it is: a line nothing answered would sit beside the next one. Then
 * for real: `pnpm start` at an endpoint of the grader's that answers its second request with a
 * 429 must stop (exit 1) with the server's sentence, and send nothing more.
 */
export async function judge(context: JudgeContext): Promise<CheckOutcome> {
  const driven = await judgeDriven(context);
  if (!driven.passed) return driven;
  const chat = servedChat({ seed: context.seed, salt: 'failed-call', failing: true });
  const run = await context.realRun();
  const message = chat.failure!.message;
  const expected = `\`${SERVED_CHAT_COMMAND}\`, as a process, its second request answered with a 429: exit 1 with the server's sentence ("${message}") on stderr, and no request after it`;
  if (run.kind !== 'ended')
    return judgeRealRun({ run, command: SERVED_CHAT_COMMAND, labDir: context.labDir });
  const said = lastLines({ text: run.stderr, count: 2 }).join(' / ');
  const requests = run.chat?.endpoint.requestCount ?? 0;
  // Stopped as the command line stops a run that failed, not on an error that escaped the chat.
  const stopped = run.stderr.includes('Stopped:') && !run.stderr.includes('unexpected error');
  if (run.exitCode !== 1 || !stopped || !run.stderr.includes(message)) {
    return {
      passed: false,
      expected,
      got: `it exited with ${run.exitCode ?? run.signal}${said ? `: ${said}` : ''}`,
      mistake: 'error-lost',
    };
  }
  if (requests !== 2) {
    return {
      passed: false,
      expected,
      got: `the grader's endpoint got ${requests} requests`,
      mistake: 'error-lost',
    };
  }
  return {
    passed: true,
    transcript: [
      ...(driven.transcript ?? []),
      `served request 2 failed with a 429; the run stopped saying so`,
    ],
  };
}

/** The chat driven in the check process, its second request failing. */
async function judgeDriven({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
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
