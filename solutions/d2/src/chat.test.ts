import { describe, expect, it } from 'vitest';
import type {
  AgentEvent,
  Message,
  ModelClient,
  Person,
  PersonLine,
  StreamEvent,
} from '@agent-course/core';
import { chat, INTERRUPTED_NOTE } from './chat';
import { SYSTEM_PROMPT } from './system-prompt';

/** A model that answers each request with `pieces` and keeps a copy of what each request carried. */
function recordingModel(pieces: string[]) {
  const requests: Message[][] = [];
  const model: ModelClient = {
    async *stream({ messages }): AsyncGenerator<StreamEvent> {
      requests.push(structuredClone(messages));
      for (const text of pieces) yield { type: 'text-delta', text };
      yield { type: 'finish', finishReason: 'stop' };
    },
  };
  return { model, requests };
}

/** A person who sends `lines`, and presses Ctrl-C when `interruptAt` says. */
function scriptedPerson(lines: string[]) {
  const sent: AbortController[] = [];
  const person: Person = {
    async nextLine(): Promise<PersonLine | undefined> {
      const text = lines[sent.length];
      if (text === undefined) return undefined;
      const controller = new AbortController();
      sent.push(controller);
      return { text, signal: controller.signal };
    },
  };
  return { person, sent };
}

describe('chat', () => {
  it('sends the whole history every turn, the instructions first and once', async () => {
    const { model, requests } = recordingModel(['Sure', '.']);
    const { person } = scriptedPerson(['one', 'two', 'three']);
    const run = await chat({ model, person, registry: [], cwd: '.', question: '' });
    expect(run.stopReason).toBe('done');
    expect(requests.map((messages) => messages.map((message) => message.role))).toEqual([
      ['system', 'user'],
      ['system', 'user', 'assistant', 'user'],
      ['system', 'user', 'assistant', 'user', 'assistant', 'user'],
    ]);
    expect(requests[2]?.[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(run.messages.at(-1)).toEqual({ role: 'assistant', content: 'Sure.', toolCalls: [] });
  });

  it('says after each turn what the next request resends', async () => {
    const { model } = recordingModel(['ok']);
    const { person } = scriptedPerson(['hi', 'again']);
    const events: AgentEvent[] = [];
    await chat({
      model,
      person,
      registry: [],
      cwd: '.',
      question: '',
      onEvent: (e) => events.push(e),
    });
    const sizes = events.flatMap((event) => (event.type === 'context' ? [event.chars] : []));
    expect(sizes).toEqual([SYSTEM_PROMPT.length + 4, SYSTEM_PROMPT.length + 11]);
  });

  it('Ctrl-C stops the answer at once, keeps what was shown, marked, and the next line works', async () => {
    const shown: string[] = [];
    const { person, sent } = scriptedPerson(['one', 'two']);
    const model: ModelClient = {
      async *stream({ messages }): AsyncGenerator<StreamEvent> {
        yield { type: 'text-delta', text: 'Part' };
        // The person presses Ctrl-C here, on the first answer only; the stream goes on regardless.
        if (messages.length === 2) sent[0]?.abort();
        yield { type: 'text-delta', text: ' never shown' };
        yield { type: 'finish', finishReason: 'stop' };
      },
    };
    const run = await chat({
      model,
      person,
      registry: [],
      cwd: '.',
      question: '',
      onEvent: (event) => {
        if (event.type === 'text-delta') shown.push(event.text);
      },
    });
    expect(run.stopReason).toBe('done');
    const [, , stopped, ...rest] = run.messages.map((message) => message.content);
    // What was shown, then the note: a space or a line between them is the lab's choice.
    expect(stopped?.startsWith('Part')).toBe(true);
    expect(stopped?.endsWith(INTERRUPTED_NOTE)).toBe(true);
    expect(stopped).not.toContain('never shown');
    expect(rest).toEqual(['two', 'Part never shown']);
    expect(shown).toEqual(['Part', 'Part', ' never shown']);
  });

  it('a failed call takes its line back and says why', async () => {
    const model: ModelClient = {
      async *stream(): AsyncGenerator<StreamEvent> {
        throw new Error('401 Incorrect API key provided; check OPENAI_API_KEY');
      },
    };
    const { person } = scriptedPerson(['hi']);
    const run = await chat({ model, person, registry: [], cwd: '.', question: '' });
    expect(run).toEqual({
      messages: [{ role: 'system', content: SYSTEM_PROMPT }],
      stopReason: 'model-error',
      error: '401 Incorrect API key provided; check OPENAI_API_KEY',
    });
  });

  it('stops at the turn limit, saying how to go on', async () => {
    const { model } = recordingModel(['ok']);
    const { person } = scriptedPerson(['a', 'b', 'c']);
    const run = await chat({ model, person, registry: [], cwd: '.', question: '', maxTurns: 2 });
    expect(run.stopReason).toBe('max-turns');
    expect(run.error).toMatch(/--max-turns/);
  });
});
