import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';
import { chatVariant, historyAfter } from './chat-variant';
import { ChatSeen, describeRoles, type MessageSeen } from './chat-seen';
import { judgeServedChat, servedChat, servedChatRun } from './served-chat';

/** The chat again, for real: `pnpm start` at the grader's endpoint, its requests seen there. */
export const realRun = servedChatRun({ salt: 'whole-history', interrupted: false });

/**
 * Check 4: a chat of the seed's, three or four lines, sends one request per line, and request N
 * carries every line and answer before it, then line N; after each turn a context event says what
 * the history now weighs. The model remembers nothing between requests, so a line sent alone is
 * answered as if nothing had been said before it. The same is judged of a real run, whose
 * requests reach an endpoint of the grader's.
 */
export async function judge(context: JudgeContext): Promise<CheckOutcome> {
  const driven = await judgeDriven(context);
  if (!driven.passed) return driven;
  const outcome = judgeServedChat({
    run: await context.realRun(),
    chat: servedChat({ seed: context.seed, salt: 'whole-history', interrupted: false }),
    labDir: context.labDir,
  });
  if (!outcome.passed) return outcome;
  return {
    passed: true,
    transcript: [...(driven.transcript ?? []), ...(outcome.transcript ?? [])],
  };
}

/** The chat driven in the check process, with a model that records what each request carried. */
async function judgeDriven({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const variant = chatVariant({ seed, salt: 'whole-history' });
  const seen = readAnswer({
    answer: await drive('chat', variant),
    schema: ChatSeen,
    what: "the chat's requests",
  });
  const turns = variant.lines.length;
  const expected = `${turns} requests for ${turns} lines, request N carrying the instructions, every line and answer before it, then line N`;
  if (seen.requests.length !== turns) {
    return {
      passed: false,
      expected,
      got: `${seen.requests.length} request${seen.requests.length === 1 ? '' : 's'} (the chat ended ${describeEnd(seen)})`,
      mistake: 'request-count',
    };
  }
  for (const [turn, request] of seen.requests.entries()) {
    const wanted = [
      ...historyAfter({ variant, turns: turn }),
      { role: 'user', content: variant.lines[turn]! },
    ];
    const carried = (request ?? []).filter((message) => message.role !== 'system');
    const difference = firstDifference({ carried, wanted });
    if (difference === undefined) continue;
    const onlyLast = turn > 0 && carried.length === 1;
    return {
      passed: false,
      expected,
      got: `request ${turn + 1} carried ${describeRoles(request)}: ${onlyLast ? 'only the latest line, so the model never saw what was said before it' : difference}`,
      mistake: onlyLast ? 'only-last-line' : 'history-wrong',
    };
  }

  const sizes = seen.otherEvents.flatMap((event) =>
    event.type === 'context' && typeof event.chars === 'number' ? [event.chars] : [],
  );
  const instructions = systemChars(seen.requests[0] ?? []);
  const wantedSizes = variant.lines.map(
    (_, turn) =>
      instructions +
      historyAfter({ variant, turns: turn + 1 }).reduce(
        (sum, message) => sum + message.content.length,
        0,
      ),
  );
  if (sizes.join() !== wantedSizes.join()) {
    return {
      passed: false,
      expected: `after each turn, a context event with what the history weighs: ${wantedSizes.join(', ')} characters`,
      got:
        sizes.length === 0
          ? 'no context event'
          : `context events of ${sizes.join(', ')} characters`,
      mistake: 'context-event',
    };
  }
  return {
    passed: true,
    transcript: seen.requests.map(
      (request, turn) =>
        `request ${turn + 1}: ${describeRoles(request)}, then ${wantedSizes[turn]} characters in all`,
    ),
  };
}

/** How a chat ended, for a count of requests that is off. */
function describeEnd(seen: ChatSeen): string {
  const reason = typeof seen.stopReason === 'string' ? seen.stopReason : 'without a stopReason';
  return `with ${reason}${seen.error ? `: ${shortenText(seen.error, 200)}` : ''}`;
}

/** The instructions' length, as the lab's first request carried them. */
function systemChars(request: readonly MessageSeen[]): number {
  const first = request[0];
  return first?.role === 'system' && typeof first.content === 'string' ? first.content.length : 0;
}

/** Where the carried messages first differ from the wanted ones, in words; undefined when they agree. */
function firstDifference({
  carried,
  wanted,
}: {
  carried: readonly MessageSeen[];
  wanted: ReadonlyArray<{ role: string; content: string }>;
}): string | undefined {
  for (let position = 0; position < Math.max(carried.length, wanted.length); position++) {
    const got = carried[position];
    const want = wanted[position];
    if (!got)
      return `the ${want?.role} message ${JSON.stringify(shortenText(want?.content ?? '', 80))} is missing`;
    if (!want) return `one ${got.role} message too many`;
    if (got.role !== want.role || got.content !== want.content) {
      return `where the ${want.role} message ${JSON.stringify(shortenText(want.content, 80))} belongs, a ${got.role} message ${JSON.stringify(shortenText(String(got.content), 80))}`;
    }
  }
  return undefined;
}
