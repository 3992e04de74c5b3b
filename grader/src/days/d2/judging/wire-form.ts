import { isDeepStrictEqual } from 'node:util';
import type { Message } from '@agent-course/core';
import type { CheckOutcome, JudgeContext } from '../../../judging/check';
import { createRandom } from '../../../judging/create-random';
import { readAnswer } from '../../../judging/read-answer';
import { shortenText } from '../../../reporting/shorten-text';
import { z } from 'zod';

/** What write-wire answers: the lab's wire messages, as JSON carries them. */
const WireSeen = z.strictObject({ wire: z.unknown() });

/**
 * Check 1: a history of the seed's, with a turn that only called tools, one that wrote and
 * called, results (one of them for arguments that are not valid JSON) and turns of plain text, is
 * written in the API's shapes, one wire message per message: tool_call_id on results, tool_calls
 * only on turns with calls, arguments exactly as written, and null content on a call-only turn.
 */
export async function judge({ drive, seed }: JudgeContext): Promise<CheckOutcome> {
  const history = wireHistory(seed);
  const seen = readAnswer({
    answer: await drive('write', { messages: history }),
    schema: WireSeen,
    what: "toChatMessages' messages",
  });
  const expected = `${history.length} wire messages in the API's shapes, one per message`;
  if (!Array.isArray(seen.wire)) {
    return { passed: false, expected, got: `not a list: ${describe(seen.wire)}` };
  }
  if (seen.wire.length !== history.length) {
    return { passed: false, expected, got: `${seen.wire.length} messages` };
  }
  for (const [position, message] of history.entries()) {
    const wanted = wireOf(message);
    const got: unknown = seen.wire[position];
    if (isDeepStrictEqual(got, wanted)) continue;
    return {
      passed: false,
      expected: `message ${position + 1} (${message.role}) as ${describe(wanted)}`,
      got: describe(got),
      mistake: mistakeIn({ message, got }),
    };
  }
  return {
    passed: true,
    transcript: [
      `${history.length} messages written: ${history.map((message) => message.role).join(', ')}`,
    ],
  };
}

/** The kind of mistake a wrong wire message shows, as the hints name them. */
function mistakeIn({ message, got }: { message: Message; got: unknown }): string {
  const fields = (got ?? {}) as Record<string, unknown>;
  if (message.role === 'tool' && fields.tool_call_id !== message.toolCallId) return 'tool-call-id';
  if (message.role !== 'assistant') return 'default';
  if (message.toolCalls.length === 0)
    return 'tool_calls' in fields ? 'empty-tool-calls' : 'default';
  if (!Array.isArray(fields.tool_calls)) return 'calls-missing';
  const argumentsSent = fields.tool_calls.map(
    (call) => (call as { function?: { arguments?: unknown } })?.function?.arguments,
  );
  if (argumentsSent.join('\u0000') !== message.toolCalls.map((call) => call.args).join('\u0000'))
    return 'args-changed';
  if (message.content === '' && fields.content !== null) return 'content-not-null';
  return 'default';
}

/** The wire form the API takes, written by the grader: what the lab's must equal. */
function wireOf(message: Message): unknown {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'assistant':
      if (message.toolCalls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: message.content === '' ? null : message.content,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.args },
        })),
      };
  }
}

/** A history of the seed's with every shape the wire form has. */
function wireHistory(seed: number): Message[] {
  const random = createRandom({ seed, salt: 'wire-form' });
  const id = () => `call_${random.integer(100_000, 999_999)}`;
  const [first, second, third] = [id(), id(), id()];
  const file = random.pick(['src/calc.ts', 'README.md', 'src/index.ts', 'package.json']);
  return [
    { role: 'system', content: `You answer in ${random.integer(2, 9)} sentences at most.` },
    { role: 'user', content: `What is in ${file}?` },
    {
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: first, name: 'read_file', args: JSON.stringify({ path: file }) },
        // Cut short, as a model's broken call is: sent back as it came, never repaired.
        {
          id: second,
          name: 'grep',
          args: `{"pattern": "${random.pick(['TODO', 'export', 'divide'])}`,
        },
      ],
    },
    {
      role: 'tool',
      toolCallId: second,
      content: 'the arguments are not valid JSON: Unterminated string',
    },
    { role: 'tool', toolCallId: first, content: `${random.integer(1, 400)} lines of ${file}` },
    {
      role: 'assistant',
      content: 'Let me look at one more.',
      toolCalls: [{ id: third, name: 'glob', args: '{"pattern":"**/*.test.ts"}' }],
    },
    { role: 'tool', toolCallId: third, content: 'src/calc.test.ts' },
    {
      role: 'assistant',
      content: `${file} holds ${random.integer(2, 30)} functions.`,
      toolCalls: [],
    },
    { role: 'user', content: 'Thanks.' },
  ];
}

function describe(value: unknown): string {
  return shortenText(JSON.stringify(value) ?? String(value), 300);
}
