// The package's own test: what every later day relies on from day 2's finished writer, through the
// real SDK, the model client and the scripted model, which refuses a history an endpoint would.
// The code itself is tested where it is written, in solutions/d2; these tests guard the seam
// between day 2 and the days that run on it.
import { describe, expect, it } from 'vitest';
import type { Message, StreamEvent } from '@agent-course/core';
import { createMockModel } from '@agent-course/core/offline';
import { streamReader } from '@agent-course/finished-d1';
import { measureContext, messageWriter } from './index';

/** One turn of the scripted model, asked with `messages` through the writer. */
async function ask(messages: Message[]): Promise<StreamEvent[]> {
  const mock = await createMockModel({
    steps: [() => ({ text: 'first' }), () => ({ text: 'after the results' })],
    reader: streamReader,
    writer: messageWriter,
    transport: 'in-process',
  });
  try {
    const events: StreamEvent[] = [];
    for await (const event of mock.model.stream({ messages, tools: [] })) events.push(event);
    return events;
  } finally {
    await mock.close();
  }
}

describe('@agent-course/finished-d2', () => {
  it('writes a conversation with calls and their results so that an endpoint takes it', async () => {
    const messages: Message[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is in the repository?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call_1', name: 'glob', args: '{"pattern":' }],
      },
      { role: 'tool', toolCallId: 'call_1', content: 'the arguments are not valid JSON' },
    ];
    const events = await ask(messages);
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : []));
    expect(text.join('')).toBe('after the results');
  });

  it('weighs what the next request resends, calls included', () => {
    expect(
      measureContext([
        { role: 'user', content: 'why?' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'glob', args: '{}' }] },
        { role: 'tool', toolCallId: 'c', content: 'a.ts' },
      ]),
    ).toEqual({ chars: 4 + 4 + 2 + 4, toolResultChars: 4 });
  });
});
