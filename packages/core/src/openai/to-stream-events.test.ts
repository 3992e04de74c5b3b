import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../protocol/stream-event';
import { chatChunk } from '../testing/chat-chunk';
import { toStreamEvents } from './to-stream-events';

function chunk(
  delta: Record<string, unknown>,
  finishReason: string | null = null,
): ChatCompletionChunk {
  return chatChunk(delta, finishReason) as ChatCompletionChunk;
}

async function collect(chunks: ChatCompletionChunk[]): Promise<StreamEvent[]> {
  async function* source() {
    yield* chunks;
  }
  const events: StreamEvent[] = [];
  for await (const event of toStreamEvents(source())) events.push(event);
  return events;
}

describe('toStreamEvents', () => {
  it('reports text, skips empty content and chunks without choices', async () => {
    const usageOnly = { ...chunk({}), choices: [] } as ChatCompletionChunk;
    expect(
      await collect([
        chunk({ role: 'assistant', content: '' }),
        chunk({ content: 'Hel' }),
        chunk({ content: null }),
        chunk({ content: 'lo' }),
        chunk({}, 'stop'),
        usageOnly,
      ]),
    ).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      { type: 'finish', finishReason: 'stop' },
    ]);
  });

  it('takes the last non-empty finish reason and still passes on fragments after one', async () => {
    expect(
      await collect([
        chunk({ tool_calls: [{ index: 3, id: 'a', function: { name: 'glob', arguments: '' } }] }),
        chunk({}, 'stop'),
        chunk({ tool_calls: [{ index: 3, function: { arguments: '{}' } }] }, 'tool_calls'),
      ]),
    ).toEqual([
      { type: 'tool-call-delta', delta: { index: 3, id: 'a', name: 'glob' } },
      { type: 'tool-call-delta', delta: { index: 3, argsDelta: '{}' } },
      { type: 'finish', finishReason: 'tool_calls' },
    ]);
  });

  it.each([
    ['"" first, tool_calls later', ['', null, 'tool_calls', null], 'tool_calls'],
    ['"" first, length later: the cut stays visible', ['', 'length', ''], 'length'],
    ['only "" and null', ['', null, ''], 'unknown'],
  ])('ignores empty finish reasons: %s', async (_name, reasons, expected) => {
    const chunks = reasons.map((reason, position) => chunk({ content: `${position}` }, reason));
    const events = await collect(chunks);
    expect(events.at(-1)).toEqual({ type: 'finish', finishReason: expected });
    expect(events.filter((event) => event.type === 'text-delta')).toHaveLength(reasons.length);
  });

  it('passes arguments sent as a JSON object on as their text, with one notice per call', async () => {
    expect(
      await collect([
        chunk({
          tool_calls: [
            { index: 0, id: 'a', function: { name: 'grep', arguments: { pattern: 'divide' } } },
          ],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: { more: 1 } } }] }),
        chunk({ tool_calls: [{ index: 1, id: 'b', function: { name: 'glob', arguments: '{}' } }] }),
      ]),
    ).toEqual([
      {
        type: 'notice',
        message:
          'the endpoint sent the arguments of grep as a JSON object instead of JSON text; they are used as their JSON text',
      },
      {
        type: 'tool-call-delta',
        delta: { index: 0, id: 'a', name: 'grep', argsDelta: '{"pattern":"divide"}' },
      },
      { type: 'tool-call-delta', delta: { index: 0, argsDelta: '{"more":1}' } },
      { type: 'tool-call-delta', delta: { index: 1, id: 'b', name: 'glob', argsDelta: '{}' } },
      { type: 'finish', finishReason: 'unknown' },
    ]);
  });

  it.each([
    ['content_filter', 'content_filter'],
    ['function_call', 'unknown'],
    ['something_new', 'unknown'],
  ])('maps the finish reason %s to %s', async (wire, expected) => {
    expect(await collect([chunk({}, wire)])).toEqual([{ type: 'finish', finishReason: expected }]);
  });

  it('ends with finish unknown when no reason was ever sent', async () => {
    expect(await collect([])).toEqual([{ type: 'finish', finishReason: 'unknown' }]);
  });

  it('treats empty-string ids and names as absent but reports a fragment that has nothing', async () => {
    expect(
      await collect([
        chunk({ tool_calls: [{ index: 0, id: 'a', function: { name: 'grep', arguments: '{' } }] }),
        chunk({ tool_calls: [{ index: 0, id: '', function: { name: '', arguments: '}' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '' } }] }),
      ]),
    ).toEqual([
      { type: 'tool-call-delta', delta: { index: 0, id: 'a', name: 'grep', argsDelta: '{' } },
      { type: 'tool-call-delta', delta: { index: 0, argsDelta: '}' } },
      { type: 'tool-call-delta', delta: { index: 0 } },
      { type: 'finish', finishReason: 'unknown' },
    ]);
  });

  it('derives indexes when they are missing: same id, same index; no id, the call before', async () => {
    expect(
      await collect([
        chunk({ tool_calls: [{ id: 'a', function: { name: 'glob', arguments: '{"p":' } }] }),
        chunk({ tool_calls: [{ function: { arguments: '1}' } }] }),
        chunk({ tool_calls: [{ id: 'b', function: { name: 'grep', arguments: '' } }] }),
        chunk({ tool_calls: [{ id: 'a', function: { arguments: '' } }] }),
        chunk({ tool_calls: [{ function: { arguments: '{}' } }] }),
      ]),
    ).toEqual([
      { type: 'tool-call-delta', delta: { index: 0, id: 'a', name: 'glob', argsDelta: '{"p":' } },
      { type: 'tool-call-delta', delta: { index: 0, argsDelta: '1}' } },
      { type: 'tool-call-delta', delta: { index: 1, id: 'b', name: 'grep' } },
      { type: 'tool-call-delta', delta: { index: 0, id: 'a' } },
      { type: 'tool-call-delta', delta: { index: 0, argsDelta: '{}' } },
      { type: 'finish', finishReason: 'unknown' },
    ]);
  });

  it('never hands out an index the provider already used', async () => {
    expect(
      await collect([
        chunk({ tool_calls: [{ index: 0, id: 'a', function: { name: 'glob' } }] }),
        chunk({ tool_calls: [{ id: 'b', function: { name: 'grep' } }] }),
      ]),
    ).toEqual([
      { type: 'tool-call-delta', delta: { index: 0, id: 'a', name: 'glob' } },
      { type: 'tool-call-delta', delta: { index: 1, id: 'b', name: 'grep' } },
      { type: 'finish', finishReason: 'unknown' },
    ]);
  });
});
