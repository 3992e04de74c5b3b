import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { createRandom } from '../../../judging/create-random';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';
import { chatVariant, historyAfter } from './chat-variant';
import { ChatSeen, describeRoles } from './chat-seen';
import { judgeServedChat, servedChat, servedChatRun } from './served-chat';

/** The line the person stops the answer to, counted from 0: the middle one of three. */
const STOPPED_LINE = 1;

/** The chat again, for real: a real SIGINT during its second answer, its requests seen by the grader. */
export const realRun = servedChatRun({ salt: 'interrupt', interrupted: true });

/**
 * Check 6: the person presses Ctrl-C during the second answer, once a number of its pieces of the
 * seed's are shown. Nothing more of that answer is shown; the history keeps exactly what was shown,
 * marked with the lab's INTERRUPTED_NOTE, so the third line is sent in a history an endpoint takes,
 * and the chat ends as usual. Driven first with a model that behaves as the SDK does (a piece it
 * had already read still comes after the Ctrl-C, then the abort is thrown); then for real, with a
 * SIGINT sent to `pnpm start` and the requests seen by an endpoint of the grader's.
 */
export async function judge(context: JudgeContext): Promise<CheckOutcome> {
  const driven = await judgeDriven(context);
  if (!driven.outcome.passed) return driven.outcome;
  const chat = servedChat({ seed: context.seed, salt: 'interrupt', interrupted: true });
  const stopped = chat.interrupt!;
  const shown = chat.answers[stopped.request - 1]!.slice(0, stopped.afterPieces).join('');
  const served = judgeServedChat({
    run: await context.realRun(),
    chat,
    labDir: context.labDir,
    stoppedAnswer: (kept) => keptProblem({ kept: kept ?? '', shown, note: driven.note }),
  });
  if (!served.passed) return served;
  return {
    passed: true,
    transcript: [...(driven.outcome.transcript ?? []), ...(served.transcript ?? [])],
  };
}

/** The chat driven in the check process, and the INTERRUPTED_NOTE the lab exports. */
async function judgeDriven({
  drive,
  seed,
}: JudgeContext): Promise<{ outcome: CheckOutcome; note: string }> {
  const variant = chatVariant({ seed, salt: 'interrupt', turns: 3 });
  const pieces = variant.answers[STOPPED_LINE]!;
  const afterPieces = createRandom({ seed, salt: 'interrupt-at' }).integer(1, pieces.length - 1);
  const seen = readAnswer({
    answer: await drive('chat', { ...variant, interrupt: { line: STOPPED_LINE, afterPieces } }),
    schema: ChatSeen,
    what: "the chat's requests",
  });
  const note = seen.note;
  const failed = (got: string, mistake: string, expected?: string) => ({
    outcome: {
      passed: false as const,
      expected:
        expected ??
        `Ctrl-C after ${afterPieces} of the second answer's ${pieces.length} pieces: nothing more shown, the shown text kept and marked with INTERRUPTED_NOTE, and the third line answered`,
      got,
      mistake,
    },
    note,
  });
  const stoppedTurn = seen.turns[STOPPED_LINE];
  if (stoppedTurn && stoppedTurn.shownAfterStop.length > 0) {
    return failed(
      `after the Ctrl-C it still showed ${JSON.stringify(stoppedTurn.shownAfterStop.join(''))}`,
      'shown-after-stop',
    );
  }
  if (note.trim() === '') {
    return failed('INTERRUPTED_NOTE is empty, so a stopped answer reads as finished', 'not-marked');
  }
  const third = seen.requests[2];
  if (!third) {
    return failed(
      `the chat made ${seen.requests.length} requests and ended with ${String(seen.stopReason)}${seen.error ? `: ${shortenText(seen.error, 200)}` : ''}`,
      // The lab's own rules refused the next request: the stopped turn broke the history.
      seen.stopReason === 'refused' ? 'broken-history' : 'chat-ended',
    );
  }
  const roles = ['system', 'user', 'assistant', 'user', 'assistant', 'user'].join(', ');
  if (describeRoles(third) !== roles) {
    return failed(
      `it carried ${describeRoles(third)}`,
      'broken-history',
      `the third request to carry ${roles}`,
    );
  }
  const before = historyAfter({ variant, turns: 1 });
  const rest = [third[1], third[2], third[3], third[5]].map((message) => message?.content);
  const wantedRest = [before[0]!.content, before[1]!.content, variant.lines[1], variant.lines[2]];
  if (rest.join('\u0000') !== wantedRest.join('\u0000')) {
    return failed(
      `it carried ${JSON.stringify(rest.map((text) => shortenText(String(text), 60)))}`,
      'broken-history',
      'the third request to carry the lines and the first answer as they were',
    );
  }
  const shown = pieces.slice(0, afterPieces).join('');
  const problem = keptProblem({ kept: String(third[4]?.content), shown, note });
  if (problem) return failed(problem.got, problem.mistake);
  if (seen.stopReason !== 'done') {
    return failed(
      `it ended with ${String(seen.stopReason)}`,
      'chat-ended',
      'the chat to end with stopReason done once the person is done',
    );
  }
  return {
    outcome: {
      passed: true,
      transcript: [
        `stopped after ${afterPieces} pieces, kept as ${JSON.stringify(shortenText(String(third[4]?.content), 200))}`,
      ],
    },
    note,
  };
}

/** What is wrong with how a stopped answer was kept, and its hint; undefined when nothing. */
function keptProblem({
  kept,
  shown,
  note,
}: {
  kept: string;
  shown: string;
  note: string;
}): { got: string; mistake: string } | undefined {
  const said = JSON.stringify(shortenText(kept, 200));
  if (!kept.startsWith(shown.trimEnd())) {
    return {
      got: `the stopped answer was kept as ${said}, not as what was shown (${JSON.stringify(shown)})`,
      mistake: 'not-kept',
    };
  }
  if (!kept.endsWith(note)) {
    return {
      got: `the stopped answer was kept as ${said}, without INTERRUPTED_NOTE at its end`,
      mistake: 'not-marked',
    };
  }
  if (kept.length > shown.length + note.length + 2) {
    return {
      got: `the stopped answer was kept as ${said}: more than was shown`,
      mistake: 'kept-unshown',
    };
  }
  return undefined;
}
