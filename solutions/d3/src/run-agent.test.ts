import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamReader } from '@agent-course/finished-d1';
import { measureContext, messageWriter } from '@agent-course/finished-d2';
import { z } from 'zod';
import { createOpenAIModel, findMessageProblems } from '@agent-course/core';
import type { AgentEvent, Message, ModelClient, ToolDef } from '@agent-course/core';
import { createMockModel, startLoopbackServer } from '@agent-course/core/offline';
import type { LoopbackServerOptions, ScriptStep, StreamQuirks } from '@agent-course/core/offline';
import { chatChunk, collectWarnings } from '@agent-course/core/testing';
import { runAgent } from './run-agent';
import { ToolCallAccumulator } from './tool-call-accumulator';
import { createToolRegistry } from './tool-registry';

const NoteParameters = z.strictObject({ text: z.string().describe('what to note') });
const noteTool: ToolDef<typeof NoteParameters> = {
  name: 'take_note',
  description: 'Notes a text, e.g. {"text":"hi"}.',
  parameters: NoteParameters,
  readOnly: true,
  run: async ({ text }) => ({ ok: true, content: `noted ${text}` }),
};
const registry = createToolRegistry([noteTool as unknown as ToolDef]);

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((mock) => mock.close()));
});

async function mockModel(steps: ScriptStep[], quirks: StreamQuirks = {}): Promise<ModelClient> {
  const mock = await createMockModel({
    steps,
    seed: 7,
    quirks,
    reader: streamReader,
    writer: messageWriter,
  });
  opened.push(mock);
  return mock.model;
}

const twoNotesThenAnswer: ScriptStep[] = [
  () => ({
    text: 'Noting two things.',
    toolCalls: [
      { name: 'take_note', args: '{"text":"first \\"quoted\\""}' },
      { name: 'take_note', args: '{"text":"second é"}' },
    ],
  }),
  (conversation) => ({
    text: `Done: ${conversation
      .filter((message) => message.role === 'tool')
      .map((message) => message.content)
      .join(', ')}`,
  }),
];

describe('runAgent', () => {
  it('runs parallel calls in index order and feeds each result back once', async () => {
    const model = await mockModel(twoNotesThenAnswer, {
      indexBase: 1,
      interleave: true,
      headsOutOfOrder: true,
    });
    const events: AgentEvent[] = [];
    const run = await runAgent({
      model,
      registry,
      cwd: '/tmp',
      question: 'note',
      onEvent: (event) => events.push(event),
    });

    expect(run.stopReason).toBe('done');
    expect(findMessageProblems({ messages: run.messages })).toEqual([]);
    const last = run.messages.at(-1);
    expect(last).toEqual({
      role: 'assistant',
      content: 'Done: noted first "quoted", noted second é',
      toolCalls: [],
    });
    expect(
      events
        .filter((event) => event.type === 'tool-call')
        .map((event) => event.type === 'tool-call' && event.call.args),
    ).toEqual(['{"text":"first \\"quoted\\""}', '{"text":"second é"}']);
  });

  it('treats a turn with merged calls as a tool turn even when the finish reason is stop', async () => {
    const model = await mockModel(twoNotesThenAnswer, { toolTurnFinishReason: 'stop' });
    const run = await runAgent({ model, registry, cwd: '/tmp', question: 'note' });
    expect(run.stopReason).toBe('done');
    expect(run.messages.filter((message) => message.role === 'tool')).toHaveLength(2);
  });

  it('feeds a failed call back and carries on', async () => {
    const model = await mockModel([
      () => ({ toolCalls: [{ name: 'edit_file', args: '{}' }] }),
      (conversation) => ({ text: `told: ${conversation.at(-1)?.content}` }),
    ]);
    const run = await runAgent({ model, registry, cwd: '/tmp', question: 'edit' });
    expect(run.stopReason).toBe('done');
    // The loop feeds back whatever the registry answered, word for word.
    const answer = run.messages.find((message) => message.role === 'tool')?.content;
    expect(answer).toContain('edit_file');
    expect(run.messages.at(-1)?.content).toBe(`told: ${answer}`);
  });

  it('stops at the turn limit with a sentence saying what to do', async () => {
    const again: ScriptStep = () => ({
      toolCalls: [{ name: 'take_note', args: '{"text":"again"}' }],
    });
    const model = await mockModel([again, again, again]);
    const run = await runAgent({ model, registry, cwd: '/tmp', question: 'loop', maxTurns: 2 });
    expect(run.stopReason).toBe('max-turns');
    expect(run.error).toContain('limit of 2 turns');
    expect(findMessageProblems({ messages: run.messages })).toEqual([]);
  });

  it('reports a failing model request instead of throwing', async () => {
    const model = await mockModel([]);
    const run = await runAgent({ model, registry, cwd: '/tmp', question: 'anything' });
    expect(run.stopReason).toBe('model-error');
    expect(run.error).toMatch(/^the model request failed: .*no step for turn 1/);
  });

  it("lets a throw in the lab's own code go up as it is, not as a failed model request", async () => {
    const model = await mockModel(twoNotesThenAnswer);
    const listThrows = {
      ...registry,
      list: () => {
        throw new Error('list is not written yet');
      },
    };
    await expect(
      runAgent({ model, registry: listThrows, cwd: '/tmp', question: 'note' }),
    ).rejects.toThrow('list is not written yet');
    const push = vi.spyOn(ToolCallAccumulator.prototype, 'push').mockImplementation(() => {
      throw new Error('push is not written yet');
    });
    try {
      await expect(
        runAgent({
          model: await mockModel(twoNotesThenAnswer),
          registry,
          cwd: '/tmp',
          question: 'note',
        }),
      ).rejects.toThrow('push is not written yet');
    } finally {
      push.mockRestore();
    }
  });

  it('ends as aborted when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const model = await mockModel(twoNotesThenAnswer);
    const run = await runAgent({
      model,
      registry,
      cwd: '/tmp',
      question: 'note',
      signal: controller.signal,
    });
    expect(run.stopReason).toBe('aborted');
  });

  it('sends the system prompt and the question first', async () => {
    const seen: Message[][] = [];
    const model = await mockModel([(conversation) => (seen.push(conversation), { text: 'ok' })]);
    await runAgent({ model, registry, cwd: '/tmp', question: 'why?' });
    expect(seen[0]!.map((message) => message.role)).toEqual(['system', 'user']);
    expect(seen[0]![1]).toEqual({ role: 'user', content: 'why?' });
  });
});

// What the loop makes of an endpoint that misbehaves, through the real SDK and a loopback server.

async function loopbackModel(respond: LoopbackServerOptions['respond']): Promise<ModelClient> {
  const server = await startLoopbackServer({ respond });
  opened.push(server);
  return createOpenAIModel({
    apiKey: 'test',
    baseURL: server.baseURL,
    model: 'm',
    maxRetries: 0,
    reader: streamReader,
    writer: messageWriter,
  });
}

const answer = (text: string) => [chatChunk({ role: 'assistant', content: text }, 'stop')];

async function runWithEvents(model: ModelClient, maxTurns?: number) {
  const events: AgentEvent[] = [];
  const result = await runAgent({
    model,
    registry,
    cwd: '/tmp',
    question: 'note it',
    onEvent: (event) => events.push(event),
    ...(maxTurns ? { maxTurns } : {}),
  });
  return { result, events };
}

describe('runAgent against a misbehaving endpoint', () => {
  it('does not pass a cut-off answer for a finished one', async () => {
    const model = await loopbackModel(() => ({
      chunks: [chatChunk({ role: 'assistant', content: 'The answer is trunc' })],
      done: false,
    }));
    const { result, events } = await runWithEvents(model);
    expect(result.stopReason).toBe('model-error');
    expect(result.error).toBe(
      'the answer above was cut off before the model finished; ask again, and check the endpoint if it keeps happening',
    );
    expect(events.map((event) => event.type)).toEqual([
      'text-delta',
      'notice',
      'turn-end',
      'context',
    ]);
  });

  it('runs the calls of a cut stream and feeds each result back, with the notice', async () => {
    let requests = 0;
    const model = await loopbackModel(() =>
      ++requests === 1
        ? {
            chunks: [
              chatChunk({
                tool_calls: [
                  {
                    index: 0,
                    id: 'a',
                    type: 'function',
                    function: { name: 'take_note', arguments: '{"text":"x"}' },
                  },
                  {
                    index: 1,
                    id: 'b',
                    type: 'function',
                    function: { name: 'take_note', arguments: '{"te' },
                  },
                ],
              }),
            ],
            done: false,
          }
        : answer('done'),
    );
    const { result, events } = await runWithEvents(model);
    expect(result.stopReason).toBe('done');
    expect(events.filter((event) => event.type === 'notice')).toHaveLength(1);
    const fedBack = events.flatMap((event) =>
      event.type === 'tool-result' ? [event.result.ok] : [],
    );
    expect(fedBack).toEqual([true, false]);
  });

  it('runs a call whose arguments came as a JSON object with those arguments', async () => {
    let requests = 0;
    const model = await loopbackModel(() =>
      ++requests === 1
        ? [
            chatChunk({
              tool_calls: [
                {
                  index: 0,
                  id: 'a',
                  type: 'function',
                  function: { name: 'take_note', arguments: { text: 'from an object' } },
                },
              ],
            }),
            chatChunk({}, 'tool_calls'),
          ]
        : answer('done'),
    );
    const { events } = await runWithEvents(model);
    expect(events.find((event) => event.type === 'notice')).toEqual({
      type: 'notice',
      message:
        'the endpoint sent the arguments of take_note as a JSON object instead of JSON text; they are used as their JSON text',
    });
    const result = events.find((event) => event.type === 'tool-result');
    expect(result?.type === 'tool-result' && result.result).toEqual({
      ok: true,
      content: 'noted from an object',
    });
  });

  it('reports after each turn what the conversation weighs and how much of it is tool results', async () => {
    const steps: ScriptStep[] = [
      () => ({ text: 'Noting.', toolCalls: [{ name: 'take_note', args: '{"text":"abc"}' }] }),
      () => ({ text: 'Done.' }),
    ];
    const mock = await createMockModel({ steps, reader: streamReader, writer: messageWriter });
    opened.push(mock);
    const { result, events } = await runWithEvents(mock.model);
    const contexts = events.filter((event) => event.type === 'context');
    // After turn 1: system, question, the assistant's text and call, and 'noted abc' (9 chars).
    expect(contexts.map((event) => event.type === 'context' && event.toolResultChars)).toEqual([
      9, 9,
    ]);
    expect(contexts.at(-1)).toEqual({ type: 'context', ...measureContext(result.messages) });
    const first = contexts[0];
    expect(first?.type === 'context' && first.chars).toBe(
      measureContext(result.messages.slice(0, 4)).chars,
    );
  });

  it(
    'takes 50 turns on one run without a MaxListenersExceededWarning',
    { timeout: 60_000 },
    async () => {
      const turns = 50;
      const steps: ScriptStep[] = Array.from({ length: turns }, (_, position) =>
        position < turns - 1
          ? () => ({ toolCalls: [{ name: 'take_note', args: `{"text":"${position}"}` }] })
          : () => ({ text: 'That was fifty turns.' }),
      );
      const mock = await createMockModel({ steps, reader: streamReader, writer: messageWriter });
      opened.push(mock);
      const warnings = await collectWarnings(async () => {
        const { result } = await runWithEvents(mock.model, turns);
        expect(result.stopReason).toBe('done');
        expect(result.messages.filter((message) => message.role === 'assistant')).toHaveLength(
          turns,
        );
      });
      expect(warnings).toEqual([]);
    },
  );
});
