import { describe, expect, it } from 'vitest';
import { createMockModel } from './create-mock-model';
import type { StreamEvent } from '../protocol/stream-event';
import { plainReader } from '../testing/plain-reader';
import { plainWriter } from '../testing/plain-writer';

describe('createMockModel', () => {
  it.each(['loopback', 'in-process'] as const)(
    'plays the script through the real client, split fragments joining back by index (%s)',
    async (transport) => {
      const calls = [
        { name: 'glob', args: '{"pattern":"**/*.js"}' },
        { name: 'grep', args: '{"pattern":"divide","path":"src"}' },
      ];
      const { model, close } = await createMockModel({
        reader: plainReader,
        writer: plainWriter,
        steps: [() => ({ toolCalls: calls })],
        seed: 3,
        quirks: { indexBase: 1, interleave: true, headsOutOfOrder: true },
        transport,
      });
      try {
        const events: StreamEvent[] = [];
        for await (const event of model.stream({
          messages: [{ role: 'user', content: 'why?' }],
          tools: [],
        })) {
          events.push(event);
        }
        const argsByIndex = new Map<number, string>();
        for (const event of events) {
          if (event.type !== 'tool-call-delta') continue;
          const { index, argsDelta = '' } = event.delta;
          argsByIndex.set(index, (argsByIndex.get(index) ?? '') + argsDelta);
        }
        expect(Object.fromEntries(argsByIndex)).toEqual({ 1: calls[0]?.args, 2: calls[1]?.args });
        expect(events.at(-1)).toEqual({ type: 'finish', finishReason: 'tool_calls' });
      } finally {
        await close();
      }
    },
  );

  // As OpenAI answers one (400, invalid_request_error: "messages with role 'tool' must be a response
  // to a preceding message with 'tool_calls'"), so a lab that breaks its history learns it offline.
  it.each([
    {
      broken: 'a tool message that answers no call',
      messages: [
        { role: 'user' as const, content: 'why?' },
        { role: 'tool' as const, toolCallId: 'call_9', content: 'orphan' },
      ],
      named: 'tool message 1 answers call_9',
    },
    {
      broken: 'a call left without its result',
      messages: [
        { role: 'user' as const, content: 'why?' },
        {
          role: 'assistant' as const,
          content: '',
          toolCalls: [{ id: 'call_1', name: 'glob', args: '{}' }],
        },
        { role: 'user' as const, content: 'and now?' },
      ],
      named: 'calls call_1 were never answered',
    },
    {
      // A chat that drops a stopped turn's answer sends its next line after the stopped one.
      broken: 'two lines with no answer between them',
      messages: [
        { role: 'system' as const, content: 'Be brief.' },
        { role: 'user' as const, content: 'why?' },
        { role: 'user' as const, content: 'well?' },
      ],
      named: 'message 2 (user) follows another user message',
    },
  ])('refuses $broken with a 400 naming it, as real endpoints do', async ({ messages, named }) => {
    const { model, close } = await createMockModel({
      reader: plainReader,
      writer: plainWriter,
      steps: [() => ({ text: 'never sent' }), () => ({ text: 'never sent' })],
      transport: 'in-process',
    });
    try {
      const reading = (async () => {
        for await (const event of model.stream({ messages, tools: [] })) void event;
      })();
      await expect(reading).rejects.toThrow(/\b400 /);
      await expect(reading).rejects.toThrow(named);
    } finally {
      await close();
    }
  });
});
