import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMockModel } from '@agent-course/core';
import type { Message, ModelClient, ScriptStep, StreamQuirks, ToolDef } from '@agent-course/core';
import type { AgentEvent } from './agent-event';
import { runAgent } from './run-agent';
import { createToolRegistry } from './tool-registry';
import { findMessageProblems } from './find-message-problems';

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
  const mock = await createMockModel({ steps, seed: 7, quirks });
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
    expect(run.messages.at(-1)?.content).toBe(
      'told: there is no tool named edit_file. Available: take_note',
    );
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
