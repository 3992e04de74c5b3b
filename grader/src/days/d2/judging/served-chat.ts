import type { CheckOutcome } from '../../../judging/check';
import { judgeRealRun } from '../../../judging/judge-real-run';
import { shortenText } from '../../../reporting/shorten-text';
import type {
  CarriedMessage,
  ServedConversation,
} from '../../../process-control/serve-conversation';
import type { RealRun, RealRunRequest } from '../../../process-control/start-real-run';
import { chatVariant } from './chat-variant';
import { describeRoles } from './chat-seen';

/** The command a served chat stands for, as the checks' messages name it. */
export const SERVED_CHAT_COMMAND =
  "printf '<three lines>' | OPENAI_BASE_URL=<the grader's endpoint> pnpm start";

/** Where the person presses Ctrl-C in a served chat: during its second answer. */
const INTERRUPTED_REQUEST = 2;

/** A served chat of the seed's, three lines long: the conversation, and where Ctrl-C lands. */
export function servedChat({
  seed,
  salt,
  interrupted = false,
  failing = false,
}: {
  seed: number;
  salt: string;
  interrupted?: boolean;
  /** The second request fails with a 429 and a JSON body of the seed's. */
  failing?: boolean;
}): ServedConversation {
  const variant = chatVariant({ seed, salt: `${salt}-served`, turns: 3 });
  if (failing) {
    const message = `Rate limit reached for requests (request ${10_000 + (seed % 90_000)}); wait and try again`;
    return { ...variant, failure: { request: 2, status: 429, message } };
  }
  if (!interrupted) return variant;
  const pieces = variant.answers[INTERRUPTED_REQUEST - 1]!.length;
  // Always a piece before and after the Ctrl-C: a stop that shows nothing, or all, proves nothing.
  const afterPieces = 1 + (seed % (pieces - 1));
  return { ...variant, interrupt: { request: INTERRUPTED_REQUEST, afterPieces } };
}

/**
 * The real run of a chat check: `pnpm start` with the README's variables at an endpoint of the
 * grader's, three lines on stdin, and, when `interrupted`, a real SIGINT once the second answer's
 * first pieces are on the lab's stdout. What each request carried is seen by the grader itself.
 */
export function servedChatRun({
  salt,
  interrupted = false,
  failing = false,
}: {
  salt: string;
  interrupted?: boolean;
  failing?: boolean;
}): RealRunRequest {
  const chat = (seed: number) => servedChat({ seed, salt, interrupted, failing });
  return {
    environment: {},
    conversation: chat,
    endsWell: (seed) => servedChatWell(chat(seed)),
  };
}

/** What a lab that does everything right shows of a served chat (for judgeInProcess). */
function servedChatWell(chat: ServedConversation): RealRun {
  const system = { role: 'system', content: 'Be brief.' };
  const requests: CarriedMessage[][] = [];
  const history: CarriedMessage[] = [system];
  if (chat.failure) {
    // The first turn, then the failed request, after which the chat stops with the failure's words.
    requests.push([system, { role: 'user', content: chat.lines[0]! }]);
    const answered = (chat.answers[0] ?? []).join('');
    requests.push([
      ...requests[0]!,
      { role: 'assistant', content: answered },
      { role: 'user', content: chat.lines[1]! },
    ]);
    return {
      kind: 'ended',
      exitCode: 1,
      signal: null,
      stderr: `Stopped: 429 ${chat.failure.message}; wait a moment and try again`,
      chat: { endpoint: { requests, requestCount: 2 }, stdout: '' },
    };
  }
  chat.lines.forEach((line, turn) => {
    history.push({ role: 'user', content: line });
    requests.push(structuredClone(history));
    const pieces = chat.answers[turn] ?? [];
    const stopped = chat.interrupt?.request === turn + 1;
    const shown = stopped ? pieces.slice(0, chat.interrupt?.afterPieces).join('') : pieces.join('');
    history.push({ role: 'assistant', content: stopped ? `${shown} [stopped]` : shown });
  });
  return {
    kind: 'ended',
    exitCode: 0,
    signal: null,
    stderr: '',
    chat: {
      endpoint: {
        requests,
        requestCount: requests.length,
        ...(chat.interrupt ? { interruptedClosed: true } : {}),
      },
      stdout: '',
    },
  };
}

/**
 * Judges a served chat as the endpoint saw it: the run ended by itself with exit code 0, one
 * request per line, each carrying the same instructions first, then every line and answer before
 * it, then its line. `stoppedAnswer`, when the person pressed Ctrl-C, judges what the stopped
 * answer became in the request after it.
 */
export function judgeServedChat({
  run,
  chat,
  labDir,
  stoppedAnswer,
}: {
  run: RealRun;
  chat: ServedConversation;
  labDir: string;
  stoppedAnswer?: (kept: string | null) => { got: string; mistake: string } | undefined;
}): CheckOutcome {
  const seen = run.kind === 'not-compiled' ? undefined : run.chat;
  if (run.kind !== 'ended' || run.exitCode !== 0 || !seen) {
    return judgeRealRun({ run, command: SERVED_CHAT_COMMAND, labDir });
  }
  const expected = `\`${SERVED_CHAT_COMMAND}\`, as a process: ${chat.lines.length} requests, request N carrying the same instructions, every line and answer before it, then line N`;
  const { requests, requestCount } = seen.endpoint;
  if (requestCount !== chat.lines.length) {
    return {
      passed: false,
      expected,
      got: `the grader's endpoint got ${requestCount} request${requestCount === 1 ? '' : 's'}`,
      mistake: 'request-count',
    };
  }
  const instructions = requests[0]?.[0];
  for (const [turn, request] of requests.entries()) {
    const wanted: CarriedMessage[] = [];
    for (let before = 0; before < turn; before++) {
      wanted.push({ role: 'user', content: chat.lines[before]! });
      wanted.push({ role: 'assistant', content: (chat.answers[before] ?? []).join('') });
    }
    wanted.push({ role: 'user', content: chat.lines[turn]! });
    const [first, ...rest] = request;
    const describe = `request ${turn + 1} carried ${describeRoles(request)}`;
    if (first?.role !== 'system' || first.content !== instructions?.content) {
      return {
        passed: false,
        expected,
        got: `${describe}: not the same instructions first`,
        mistake: 'history-wrong',
      };
    }
    for (const [position, want] of wanted.entries()) {
      const got = rest[position];
      const stopped =
        chat.interrupt &&
        want.role === 'assistant' &&
        position === 2 * (chat.interrupt.request - 1) + 1;
      if (stopped && got?.role === 'assistant' && stoppedAnswer) {
        const problem = stoppedAnswer(got.content);
        if (problem)
          return {
            passed: false,
            expected,
            got: `${describe}: ${problem.got}`,
            mistake: problem.mistake,
          };
        continue;
      }
      if (got?.role === want.role && got.content === want.content) continue;
      const onlyLast = turn > 0 && rest.length === 1;
      return {
        passed: false,
        expected,
        got: `${describe}: ${onlyLast ? 'only the latest line' : `where the ${want.role} message ${JSON.stringify(shortenText(want.content ?? '', 80))} belongs, ${got ? `a ${got.role} message ${JSON.stringify(shortenText(String(got.content), 80))}` : 'nothing'}`}`,
        mistake: onlyLast ? 'only-last-line' : 'history-wrong',
      };
    }
    if (rest.length !== wanted.length) {
      return {
        passed: false,
        expected,
        got: `${describe}: ${rest.length - wanted.length} message(s) too many`,
        mistake: 'history-wrong',
      };
    }
  }
  return {
    passed: true,
    transcript: requests.map(
      (request, turn) => `served request ${turn + 1}: ${request.length} messages`,
    ),
  };
}
