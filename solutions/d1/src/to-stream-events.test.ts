import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '@agent-course/core';
import { chatChunk } from '@agent-course/core/testing';
import { toStreamEvents } from './to-stream-events';

/** A chunk with one choice carrying `delta`, and a finish reason when given. */
function chunk(delta: object, finishReason: string | null = null): ChatCompletionChunk {
  return chatChunk(delta, finishReason) as ChatCompletionChunk;
}

/** The chunk with no choice that carries the usage, as an endpoint sends it last. */
function usageChunk(promptTokens: number, completionTokens: number): ChatCompletionChunk {
  return {
    ...chunk({}),
    choices: [],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}

async function eventsOf(chunks: ChatCompletionChunk[]): Promise<StreamEvent[]> {
  async function* source() {
    yield* chunks;
  }
  const events: StreamEvent[] = [];
  for await (const event of toStreamEvents(source())) events.push(event);
  return events;
}

describe('toStreamEvents', () => {
  it('gives the text piece by piece, and no piece for content that is "" or null', async () => {
    expect(
      await eventsOf([
        chunk({ role: 'assistant', content: '' }),
        chunk({ content: 'Hel' }),
        chunk({ content: null }),
        chunk({ content: 'lo' }, 'stop'),
      ]),
    ).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      { type: 'finish', finishReason: 'stop' },
    ]);
  });

  it('passes on the usage of a chunk with no choice, and still ends with finish', async () => {
    expect(
      await eventsOf([chunk({ content: 'Hi' }), chunk({}, 'stop'), usageChunk(11, 3)]),
    ).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { type: 'usage', promptTokens: 11, completionTokens: 3 },
      { type: 'finish', finishReason: 'stop' },
    ]);
  });

  it('reads usage that rides beside the finish reason too', async () => {
    const last = { ...chunk({}, 'stop'), usage: usageChunk(5, 7).usage };
    expect(await eventsOf([chunk({ content: 'ok' }), last])).toContainEqual({
      type: 'usage',
      promptTokens: 5,
      completionTokens: 7,
    });
  });

  it.each([
    ['alone on the last chunk', [null, 'stop'], 'stop'],
    ['twice', ['stop', 'stop'], 'stop'],
    ['as "" on every chunk but the one that ends', ['', '', 'length', ''], 'length'],
    ['only as ""', ['', ''], 'unknown'],
    ['never', [null, null], 'unknown'],
    ['as a reason the kit does not know', [null, 'eos'], 'unknown'],
    ['as content_filter', [null, 'content_filter'], 'content_filter'],
  ])('takes the finish reason that counts when it arrives %s', async (_how, reasons, expected) => {
    const chunks = reasons.map((reason, position) => chunk({ content: `${position}` }, reason));
    const events = await eventsOf(chunks);
    expect(events.at(-1)).toEqual({ type: 'finish', finishReason: expected });
    expect(events.filter((event) => event.type === 'finish')).toHaveLength(1);
  });

  it('ends an empty stream with finish unknown: cut, not done', async () => {
    expect(await eventsOf([])).toEqual([{ type: 'finish', finishReason: 'unknown' }]);
  });

  it('passes tool-call fragments on unmerged, for day 3 to merge', async () => {
    expect(
      await eventsOf([
        chunk({
          tool_calls: [{ index: 0, id: 'a', function: { name: 'glob', arguments: '{"p' } }],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '":1}' } }] }, 'tool_calls'),
      ]),
    ).toEqual([
      { type: 'tool-call-delta', delta: { index: 0, id: 'a', name: 'glob', argsDelta: '{"p' } },
      { type: 'tool-call-delta', delta: { index: 0, argsDelta: '":1}' } },
      { type: 'finish', finishReason: 'tool_calls' },
    ]);
  });
});
