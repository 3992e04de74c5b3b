import type { Message } from '@agent-course/core';
import { z } from 'zod';
import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { createRandom } from '../../../judging/create-random';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';

/** What measure answers: the lab's size for each history. */
const SizesSeen = z.strictObject({ sizes: z.array(z.unknown()) });

/**
 * Check 3: histories of the seed's are weighed as the next request resends them: every message's
 * text, each call's name and arguments, and the tool results' share of it apart.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const histories = sizedHistories(seed);
  const seen = readAnswer({
    answer: await drive('measure', { histories }),
    schema: SizesSeen,
    what: "measureContext's sizes",
  });
  for (const [position, history] of histories.entries()) {
    const wanted = weigh(history);
    const got = seen.sizes[position] as { chars?: unknown; toolResultChars?: unknown } | undefined;
    if (got?.chars === wanted.chars && got.toolResultChars === wanted.toolResultChars) continue;
    const textOnly = history.reduce((sum, message) => sum + message.content.length, 0);
    return {
      passed: false,
      expected: `history ${position + 1} (${history.map((message) => message.role).join(', ')}) weighed as { chars: ${wanted.chars}, toolResultChars: ${wanted.toolResultChars} }`,
      got: shortenText(JSON.stringify(got) ?? 'nothing', 200),
      mistake:
        got?.chars === textOnly && textOnly !== wanted.chars
          ? 'calls-not-counted'
          : got?.chars === wanted.chars
            ? 'tool-results'
            : 'default',
    };
  }
  return {
    passed: true,
    transcript: histories.map(
      (history, position) => `history ${position + 1}: ${weigh(history).chars} characters`,
    ),
  };
}

/** What the next request resends, weighed by the grader. */
function weigh(history: Message[]): { chars: number; toolResultChars: number } {
  let chars = 0;
  let toolResultChars = 0;
  for (const message of history) {
    chars += message.content.length;
    if (message.role === 'tool') toolResultChars += message.content.length;
    if (message.role === 'assistant') {
      for (const call of message.toolCalls) chars += call.name.length + call.args.length;
    }
  }
  return { chars, toolResultChars };
}

/** A chat without tools, one with calls and results, and an empty one, of the seed's sizes. */
function sizedHistories(seed: number): Message[][] {
  const random = createRandom({ seed, salt: 'resent-size' });
  const text = (min: number, max: number) => 'x'.repeat(random.integer(min, max));
  const result = (toolCallId: string): Message => ({
    role: 'tool',
    toolCallId,
    content: text(50, 3_000),
  });
  return [
    [
      { role: 'system', content: text(40, 400) },
      { role: 'user', content: text(5, 80) },
      { role: 'assistant', content: text(20, 900), toolCalls: [] },
      { role: 'user', content: text(5, 80) },
    ],
    [
      { role: 'system', content: text(40, 400) },
      { role: 'user', content: text(5, 80) },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'call_1', name: 'grep', args: `{"pattern":"${text(1, 30)}"}` },
          { id: 'call_2', name: 'read_file', args: `{"path":"${text(3, 40)}"}` },
        ],
      },
      result('call_1'),
      result('call_2'),
      { role: 'assistant', content: text(20, 900), toolCalls: [] },
    ],
    [],
  ];
}
