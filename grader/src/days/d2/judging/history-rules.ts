import type { Message } from '@agent-course/core';
import { z } from 'zod';
import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { createRandom } from '../../../judging/create-random';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';

/** What find-problems answers: the lab's answer for each history. */
const ProblemsSeen = z.strictObject({ answers: z.array(z.unknown()) });

/** A history to judge, and the message a refusal must name (counted from 1), none when it is fine. */
interface Case {
  what: string;
  messages: Message[];
  names?: { position: number; role: Message['role'] };
  /** The hint for a lab that gets this case wrong. */
  mistake: string;
}

/**
 * Check 2: histories an endpoint takes are passed with no problem, and each that breaks one rule
 * is refused with a sentence that names the message as "message N (role)": an orphan result, a
 * call never answered, a result after another message, two calls with one id, instructions that
 * are not first, two user or two assistant messages in a row, an answer to nothing, and an answer
 * last.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const cases = historyCases(seed);
  // Sent in an order of the seed's, so which histories are fine must come from reading them; judged
  // in the order above, so the same lab fails on the same history whatever the seed.
  const order = createRandom({ seed, salt: 'history-rules-order' }).shuffle(
    cases.map((_, at) => at),
  );
  const seen = readAnswer({
    answer: await drive('find', { histories: order.map((at) => cases[at]!.messages) }),
    schema: ProblemsSeen,
    what: "findHistoryProblems' answers",
  });
  for (const [position, entry] of cases.entries()) {
    const answer = seen.answers[order.indexOf(position)];
    const roles = entry.messages.map((message) => message.role).join(', ');
    const said = shortenText(JSON.stringify(answer) ?? String(answer), 300);
    if (!Array.isArray(answer) || answer.some((problem) => typeof problem !== 'string')) {
      return {
        passed: false,
        expected: 'a list of sentences for every history',
        got: `for ${roles}: ${said}`,
      };
    }
    if (!entry.names) {
      if (answer.length === 0) continue;
      return {
        passed: false,
        expected: `no problem with ${entry.what} (${roles})`,
        got: said,
        mistake: 'valid-refused',
      };
    }
    const name = `message ${entry.names.position} (${entry.names.role})`;
    const named = new Set(
      answer.flatMap((problem) =>
        [...problem.matchAll(/message (\d+) \(/g)].map((match) => match[1]),
      ),
    );
    // Naming every message would name the right one too, and say nothing of which it is.
    if (named.size > Math.ceil(entry.messages.length / 2)) {
      return {
        passed: false,
        expected: `${entry.what} (${roles}) refused, naming ${name}`,
        got: `it names ${named.size} of the ${entry.messages.length} messages: ${said}`,
        mistake: 'not-named',
      };
    }
    if (answer.length > 0 && answer.some((problem) => problem.includes(name))) continue;
    return {
      passed: false,
      expected: `${entry.what} (${roles}) refused, naming ${name}`,
      got: answer.length === 0 ? 'no problem found' : said,
      mistake: answer.length === 0 ? entry.mistake : 'not-named',
    };
  }
  return {
    passed: true,
    transcript: cases.map((entry) => `${entry.what}: ${entry.names ? 'refused' : 'sent'}`),
  };
}

/** The seed's histories: the ones to send, then one per broken rule. */
function historyCases(seed: number): Case[] {
  const random = createRandom({ seed, salt: 'history-rules' });
  const line = () => `line ${random.integer(100, 999)}`;
  const system: Message = { role: 'system', content: `Be brief (${random.integer(1, 9)}).` };
  const user = (): Message => ({ role: 'user', content: line() });
  const answer = (): Message => ({ role: 'assistant', content: line(), toolCalls: [] });
  const id = () => `call_${random.integer(1_000, 9_999)}`;
  const [first, second] = [id(), id()];
  const calling = (...ids: string[]): Message => ({
    role: 'assistant',
    content: '',
    toolCalls: ids.map((callId) => ({ id: callId, name: 'glob', args: '{}' })),
  });
  const result = (toolCallId: string): Message => ({ role: 'tool', toolCallId, content: line() });
  return [
    { what: 'a first line', messages: [system, user()], mistake: 'valid-refused' },
    {
      what: 'a chat of turns',
      messages: [system, user(), answer(), user()],
      mistake: 'valid-refused',
    },
    { what: 'a line without instructions', messages: [user()], mistake: 'valid-refused' },
    {
      what: 'calls answered in another order',
      messages: [system, user(), calling(first, second), result(second), result(first)],
      mistake: 'valid-refused',
    },
    {
      what: 'a turn after its results',
      messages: [system, user(), calling(first), result(first), answer(), user()],
      mistake: 'valid-refused',
    },
    {
      what: 'an orphan result',
      messages: [system, user(), result(first)],
      names: { position: 3, role: 'tool' },
      mistake: 'calls',
    },
    {
      what: 'a call never answered',
      messages: [system, user(), calling(first, second), result(first), user()],
      names: { position: 3, role: 'assistant' },
      mistake: 'calls',
    },
    {
      what: 'a result after another message',
      messages: [system, user(), calling(first), user(), result(first)],
      names: { position: 5, role: 'tool' },
      mistake: 'calls',
    },
    {
      what: 'two calls with one id',
      messages: [system, user(), calling(first, first), result(first), result(first)],
      names: { position: 3, role: 'assistant' },
      mistake: 'calls',
    },
    {
      what: 'instructions that are not first',
      messages: [user(), answer(), system, user()],
      names: { position: 3, role: 'system' },
      mistake: 'order',
    },
    {
      what: 'two user messages in a row',
      messages: [system, user(), user()],
      names: { position: 3, role: 'user' },
      mistake: 'order',
    },
    {
      what: 'two assistant messages in a row',
      messages: [system, user(), answer(), answer(), user()],
      names: { position: 4, role: 'assistant' },
      mistake: 'order',
    },
    {
      what: 'an answer to nothing',
      messages: [system, answer(), user()],
      names: { position: 2, role: 'assistant' },
      mistake: 'order',
    },
    {
      what: 'an answer last',
      messages: [system, user(), answer()],
      names: { position: 3, role: 'assistant' },
      mistake: 'order',
    },
  ];
}
