import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { createRandom } from '../../../judging/create-random';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';
import { chatVariant, historyAfter } from './chat-variant';
import { ChatSeen, describeRoles } from './chat-seen';

/** The line the person stops the answer to, counted from 0: the middle one of three. */
const STOPPED_LINE = 1;

/**
 * Check 6: the person presses Ctrl-C during the second answer, once a number of its pieces of the
 * seed's are shown. Nothing more of that answer is shown; the history keeps exactly what was shown,
 * marked with the lab's INTERRUPTED_NOTE, so the third line is sent in a history an endpoint takes,
 * and the chat ends as usual. The model behaves as the SDK does: a piece it had already read
 * still comes after the Ctrl-C, then the abort is thrown.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const variant = chatVariant({ seed, salt: 'interrupt', turns: 3 });
  const pieces = variant.answers[STOPPED_LINE]!;
  const afterPieces = createRandom({ seed, salt: 'interrupt-at' }).integer(1, pieces.length - 1);
  const seen = readAnswer({
    answer: await drive('chat', { ...variant, interrupt: { line: STOPPED_LINE, afterPieces } }),
    schema: ChatSeen,
    what: "the chat's requests",
  });
  const shownText = pieces.slice(0, afterPieces).join('');
  const expected = `Ctrl-C after ${afterPieces} of the second answer's ${pieces.length} pieces: nothing more shown, the shown text kept and marked with INTERRUPTED_NOTE, and the third line answered`;
  const stoppedTurn = seen.turns[STOPPED_LINE];
  if (stoppedTurn && stoppedTurn.shownAfterStop.length > 0) {
    return {
      passed: false,
      expected,
      got: `after the Ctrl-C it still showed ${JSON.stringify(stoppedTurn.shownAfterStop.join(''))}`,
      mistake: 'shown-after-stop',
    };
  }
  if (seen.note.trim() === '') {
    return {
      passed: false,
      expected,
      got: 'INTERRUPTED_NOTE is empty, so a stopped answer reads as finished',
      mistake: 'not-marked',
    };
  }
  const third = seen.requests[2];
  if (!third) {
    return {
      passed: false,
      expected,
      got: `the chat made ${seen.requests.length} requests and ended with ${String(seen.stopReason)}${seen.error ? `: ${shortenText(seen.error, 200)}` : ''}`,
      // The lab's own rules refused the next request: the stopped turn broke the history.
      mistake: seen.stopReason === 'refused' ? 'broken-history' : 'chat-ended',
    };
  }
  const roles = ['system', 'user', 'assistant', 'user', 'assistant', 'user'];
  if (describeRoles(third) !== roles.join(', ')) {
    return {
      passed: false,
      expected: `the third request to carry ${roles.join(', ')}`,
      got: `it carried ${describeRoles(third)}`,
      mistake: 'broken-history',
    };
  }
  const kept = String(third[4]?.content);
  const before = historyAfter({ variant, turns: 1 });
  const rest = [third[1], third[2], third[3], third[5]].map((message) => message?.content);
  const wantedRest = [before[0]!.content, before[1]!.content, variant.lines[1], variant.lines[2]];
  if (rest.join('\u0000') !== wantedRest.join('\u0000')) {
    return {
      passed: false,
      expected: 'the third request to carry the lines and the first answer as they were',
      got: `it carried ${JSON.stringify(rest.map((text) => shortenText(String(text), 60)))}`,
      mistake: 'broken-history',
    };
  }
  const said = JSON.stringify(shortenText(kept, 200));
  if (!kept.startsWith(shownText.trimEnd())) {
    return {
      passed: false,
      expected,
      got: `the stopped answer was kept as ${said}, not as what was shown (${JSON.stringify(shownText)})`,
      mistake: 'not-kept',
    };
  }
  if (!kept.endsWith(seen.note)) {
    return {
      passed: false,
      expected,
      got: `the stopped answer was kept as ${said}, without INTERRUPTED_NOTE at its end`,
      mistake: 'not-marked',
    };
  }
  if (kept.length > shownText.length + seen.note.length + 2) {
    return {
      passed: false,
      expected,
      got: `the stopped answer was kept as ${said}: more than was shown`,
      mistake: 'kept-unshown',
    };
  }
  if (seen.stopReason !== 'done') {
    return {
      passed: false,
      expected: 'the chat to end with stopReason done once the person is done',
      got: `it ended with ${String(seen.stopReason)}`,
      mistake: 'chat-ended',
    };
  }
  return { passed: true, transcript: [`stopped after ${afterPieces} pieces, kept as ${said}`] };
}
