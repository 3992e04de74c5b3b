import { describe, expect, it } from 'vitest';
import { createMockModel } from './create-mock-model';
import type { StreamEvent } from '../protocol/stream-event';
import { plainReader } from '../testing/plain-reader';

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
});
