import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIModel } from './create-openai-model';
import { plainReader } from '../testing/plain-reader';
import { plainWriter } from '../testing/plain-writer';
import { createScriptedModel } from '../offline/scripted-model';
import type { LoopbackServer } from '../offline/loopback-server';
import type { Message } from '../protocol/message';
import type { ModelClient } from '../protocol/model-client';
import type { ModelTool } from '../protocol/tool-def';
import type { ScriptedModelOptions } from '../offline/scripted-model';
import { startLoopbackServer } from '../offline/loopback-server';
import { chatChunk } from '../testing/chat-chunk';
import type { StreamEvent } from '../protocol/stream-event';
import type { ToolCallDelta } from '../protocol/stream-event';

// These tests drive the real openai SDK over HTTP against a loopback server, so SSE parsing and
// the SDK's own handling of odd chunks are covered, not only the conversion function.

const QUESTION: Message[] = [{ role: 'user', content: 'why are the tests red?' }];
const GLOB_TOOL: ModelTool = {
  name: 'glob',
  description: 'Lists files matching a pattern.',
  parameters: { type: 'object', properties: { pattern: { type: 'string' } } },
};

let server: LoopbackServer | undefined;
let bodies: unknown[] = [];

afterEach(async () => {
  await server?.close();
  server = undefined;
  bodies = [];
});

async function serve(respond: (body: unknown) => unknown[]): Promise<ModelClient> {
  server = await startLoopbackServer({
    respond: (body) => {
      bodies.push(body);
      return respond(body);
    },
  });
  return createOpenAIModel({
    apiKey: 'test',
    baseURL: server.baseURL,
    model: 'm',
    maxRetries: 0,
    reader: plainReader,
    writer: plainWriter,
  });
}

async function serveScript(options: ScriptedModelOptions): Promise<ModelClient> {
  const scripted = createScriptedModel(options);
  return serve((body) => scripted.respond(body));
}

/** The events of one call, without the usage the scripted model ends each stream with. */
async function collect(
  model: ModelClient,
  request: { messages?: Message[]; tools?: ModelTool[]; signal?: AbortSignal } = {},
): Promise<StreamEvent[]> {
  const events = await collectAll(model, request);
  return events.filter((event) => event.type !== 'usage');
}

async function collectAll(
  model: ModelClient,
  request: { messages?: Message[]; tools?: ModelTool[]; signal?: AbortSignal } = {},
): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of model.stream({
    messages: request.messages ?? QUESTION,
    tools: request.tools ?? [],
    signal: request.signal,
  })) {
    events.push(event);
  }
  return events;
}

/** The events of one call sent one character a fragment: its head, then each character. */
function charByChar(call: {
  index: number;
  id: string;
  name: string;
  args: string;
}): StreamEvent[] {
  const head: ToolCallDelta = { index: call.index, id: call.id, name: call.name };
  return [head, ...[...call.args].map((argsDelta) => ({ index: call.index, argsDelta }))].map(
    (delta) => ({ type: 'tool-call-delta', delta }),
  );
}

/** Enough fragments that every argument character travels alone, so splits are predictable. */
const ONE_CHAR_FRAGMENTS = { minFragments: 40, maxFragments: 40 };

describe('createOpenAIModel against a loopback server', () => {
  it('streams text a few words at a time and ends with stop', async () => {
    const model = await serveScript({
      steps: [() => ({ text: 'The bug is in divide, not add.' })],
    });
    expect(await collect(model)).toEqual([
      { type: 'text-delta', text: 'The bug is ' },
      { type: 'text-delta', text: 'in divide, not ' },
      { type: 'text-delta', text: 'add.' },
      { type: 'finish', finishReason: 'stop' },
    ]);
    expect(bodies[0]).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'why are the tests red?' }],
      stream_options: { include_usage: true },
      stream: true,
    });
  });

  it('asks for usage and passes on the chunk that carries it, before the finish', async () => {
    const model = await serveScript({ steps: [() => ({ text: 'Twelve chars' })] });
    const events = await collectAll(model);
    // The question is 22 characters and the answer 12: 6 and 3 scripted tokens of 4 characters.
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 6, completionTokens: 3 },
      { type: 'finish', finishReason: 'stop' },
    ]);
  });

  it('streams one tool call and sends the tools in wire form', async () => {
    const args = '{"pattern":"**/*.js"}';
    const model = await serveScript({
      steps: [() => ({ toolCalls: [{ name: 'glob', args }] })],
      quirks: ONE_CHAR_FRAGMENTS,
    });
    expect(await collect(model, { tools: [GLOB_TOOL] })).toEqual([
      ...charByChar({ index: 0, id: 'call_1_1', name: 'glob', args }),
      { type: 'finish', finishReason: 'tool_calls' },
    ]);
    expect(bodies[0]).toMatchObject({
      tools: [
        {
          type: 'function',
          function: {
            name: 'glob',
            description: GLOB_TOOL.description,
            parameters: GLOB_TOOL.parameters,
          },
        },
      ],
    });
  });

  it('passes through interleaved parallel calls starting at index 1, second head first', async () => {
    const first = { index: 1, id: 'call_1_1', name: 'glob', args: '{"pattern":"*.js"}' };
    const second = { index: 2, id: 'call_1_2', name: 'grep', args: '{"pattern":"divide"}' };
    const model = await serveScript({
      steps: [() => ({ toolCalls: [first, second].map(({ name, args }) => ({ name, args })) })],
      quirks: { ...ONE_CHAR_FRAGMENTS, indexBase: 1, interleave: true, headsOutOfOrder: true },
    });
    const secondEvents = charByChar(second);
    const firstEvents = charByChar(first);
    const alternating = secondEvents.flatMap((event, position) =>
      [event, firstEvents[position]].filter((item) => item !== undefined),
    );
    expect(await collect(model)).toEqual([
      ...alternating,
      { type: 'finish', finishReason: 'tool_calls' },
    ]);
  });

  it('reports stop when the provider says stop on a tool turn', async () => {
    const args = '{"path":"src/calc.js"}';
    const model = await serveScript({
      steps: [() => ({ toolCalls: [{ name: 'read_file', args, id: 'toolu_1' }] })],
      quirks: { ...ONE_CHAR_FRAGMENTS, toolTurnFinishReason: 'stop' },
    });
    expect(await collect(model)).toEqual([
      ...charByChar({ index: 0, id: 'toolu_1', name: 'read_file', args }),
      { type: 'finish', finishReason: 'stop' },
    ]);
  });

  it('derives indexes for a stream whose fragments carry no index', async () => {
    const model = await serve(() => [
      chatChunk({ role: 'assistant', content: null }),
      chatChunk({
        tool_calls: [{ id: 'a', type: 'function', function: { name: 'glob', arguments: '' } }],
      }),
      chatChunk({ tool_calls: [{ function: { arguments: '{"pattern":' } }] }),
      chatChunk({ tool_calls: [{ function: { arguments: '"*"}' } }] }),
      chatChunk({
        tool_calls: [{ id: 'b', type: 'function', function: { name: 'grep', arguments: '{}' } }],
      }),
      chatChunk({}, 'tool_calls'),
    ]);
    expect(await collect(model)).toEqual([
      { type: 'tool-call-delta', delta: { index: 0, id: 'a', name: 'glob' } },
      { type: 'tool-call-delta', delta: { index: 0, argsDelta: '{"pattern":' } },
      { type: 'tool-call-delta', delta: { index: 0, argsDelta: '"*"}' } },
      { type: 'tool-call-delta', delta: { index: 1, id: 'b', name: 'grep', argsDelta: '{}' } },
      { type: 'finish', finishReason: 'tool_calls' },
    ]);
  });

  it('lets a step react to the result it was fed back', async () => {
    const model = await serveScript({
      steps: [
        () => ({ toolCalls: [{ name: 'glob', args: '{}' }] }),
        (conversation) => {
          const last = conversation.at(-1);
          return { text: last?.role === 'tool' ? `saw ${last.content}` : 'saw nothing' };
        },
      ],
    });
    const conversation: Message[] = [
      ...QUESTION,
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_1_1', name: 'glob', args: '{}' }] },
      { role: 'tool', toolCallId: 'call_1_1', content: 'calc.js' },
    ];
    expect(await collect(model, { messages: conversation })).toEqual([
      { type: 'text-delta', text: 'saw calc.js' },
      { type: 'finish', finishReason: 'stop' },
    ]);
  });

  it('surfaces a clear error when the script has no step for the turn', async () => {
    const model = await serveScript({ steps: [() => ({ text: 'only once' })] });
    const conversation: Message[] = [
      ...QUESTION,
      { role: 'assistant', content: 'only once', toolCalls: [] },
      { role: 'user', content: 'and again?' },
    ];
    await expect(collect(model, { messages: conversation })).rejects.toThrow(
      '500 the scripted model has no step for turn 2; its script has 1 step',
    );
  });

  it('stops when the signal is aborted', async () => {
    const model = await serveScript({ steps: [() => ({ text: 'never seen' })] });
    const controller = new AbortController();
    controller.abort();
    await expect(collect(model, { signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(bodies).toEqual([]);
  });
});
