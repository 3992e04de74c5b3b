import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { createScriptedModel } from './scripted-model';
import type { ScriptStep, ScriptedTurn } from './scripted-model';

const REQUEST = {
  model: 'scripted',
  messages: [{ role: 'user', content: 'why are the tests red?' }],
};
const STREAMED = { ...REQUEST, stream: true };
const TRICKY_ARGS = String.raw`{"pattern":"a \"quoted\" \\ path\n","path":"src/calc.js"}`;
const TWO_CALLS: ScriptStep[] = [
  () => ({
    toolCalls: [
      { name: 'grep', args: TRICKY_ARGS },
      { name: 'read_file', args: '{"path":"src/calc.js"}' },
    ],
  }),
];

type Fragment = ChatCompletionChunk.Choice.Delta.ToolCall;
function fragmentsOf(chunks: ChatCompletionChunk[]): Fragment[] {
  return chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
}

describe('createScriptedModel', () => {
  it('renders real chunk objects with a fixed created stamp', () => {
    const chunks = createScriptedModel({ steps: [() => ({ text: 'hi' })] }).respond(STREAMED);
    expect(chunks.at(-1)).toEqual({
      id: 'chatcmpl-scripted-1',
      object: 'chat.completion.chunk',
      created: 1767225600,
      model: 'scripted',
      choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }],
    });
    expect(chunks.map((chunk) => chunk.choices[0]?.delta)).toEqual([
      { role: 'assistant', content: '' },
      { content: 'hi' },
      {},
    ]);
  });

  it('gives identical chunks for the same seed and different ones for another seed', () => {
    const render = (seed: number) =>
      JSON.stringify(createScriptedModel({ steps: TWO_CALLS, seed }).respond(REQUEST));
    expect(render(7)).toBe(render(7));
    expect(render(7)).not.toBe(render(8));
  });

  it('sends each call in 6 to 12 fragments, id and name only in the first', () => {
    for (let seed = 0; seed < 20; seed += 1) {
      const fragments = fragmentsOf(
        createScriptedModel({ steps: TWO_CALLS, seed }).respond(REQUEST),
      );
      for (const index of [0, 1]) {
        const own = fragments.filter((fragment) => fragment.index === index);
        expect(own.length).toBeGreaterThanOrEqual(6);
        expect(own.length).toBeLessThanOrEqual(12);
        expect(own[0]).toMatchObject({ id: `call_1_${index + 1}`, type: 'function' });
        expect(own.slice(1).every((fragment) => !fragment.id && !fragment.function?.name)).toBe(
          true,
        );
      }
    }
  });

  it('splits inside strings and escapes for some seed, and the pieces join back', () => {
    const argsPieces = (seed: number) =>
      fragmentsOf(createScriptedModel({ steps: TWO_CALLS, seed }).respond(REQUEST))
        .filter((fragment) => fragment.index === 0)
        .map((fragment) => fragment.function?.arguments ?? '');
    const endsInsideEscape = (piece: string) => /(^|[^\\])(\\\\)*\\$/.test(piece);
    const endsInsideWord = (pieces: string[]) =>
      pieces.some(
        (piece, position) => /[a-z]$/.test(piece) && /^[a-z]/.test(pieces[position + 1] ?? ''),
      );
    const seed = [...Array(100).keys()].find((candidate) => {
      const pieces = argsPieces(candidate);
      return pieces.some(endsInsideEscape) && endsInsideWord(pieces);
    });
    expect(seed).toBeDefined();
    expect(argsPieces(seed ?? 0).join('')).toBe(TRICKY_ARGS);
  });

  it('leaves the index out entirely when asked', () => {
    const fragments = fragmentsOf(
      createScriptedModel({ steps: TWO_CALLS, quirks: { omitIndex: true } }).respond(REQUEST),
    );
    expect(fragments.length).toBeGreaterThan(0);
    expect(fragments.some((fragment) => 'index' in fragment)).toBe(false);
  });

  it('keeps a step-given id and generates the rest from the turn number', () => {
    const model = createScriptedModel({
      steps: [
        () => ({ text: 'first' }),
        () => ({
          toolCalls: [
            { name: 'glob', args: '{}', id: 'mine' },
            { name: 'glob', args: '{}' },
          ],
        }),
      ],
    });
    const secondTurn = {
      messages: [...REQUEST.messages, { role: 'assistant', content: 'first' }],
    };
    const ids = fragmentsOf(model.respond(secondTurn)).flatMap((fragment) => fragment.id ?? []);
    expect(ids).toEqual(['mine', 'call_2_2']);
  });

  it('says which turn it has no step for', () => {
    const model = createScriptedModel({ steps: [] });
    expect(() => model.respond(REQUEST)).toThrow(
      'the scripted model has no step for turn 1; its script has 0 steps, so the offline script ran out',
    );
  });

  it('rejects a body that is not a chat request', () => {
    const model = createScriptedModel({ steps: TWO_CALLS });
    expect(() => model.respond({ prompt: 'hi' })).toThrow(/not a Chat Completions request/);
  });

  it('rejects quirks that cannot work together', () => {
    expect(() =>
      createScriptedModel({ steps: [], quirks: { omitIndex: true, interleave: true } }),
    ).toThrow(/omitIndex and interleave cannot be combined/);
    expect(() =>
      createScriptedModel({ steps: [], quirks: { minFragments: 9, maxFragments: 3 } }),
    ).toThrow(/2 <= minFragments <= maxFragments \(got 9 and 3\)/);
  });

  describe('usage and endings', () => {
    const respond = (turn: ScriptedTurn, body: object) =>
      createScriptedModel({ steps: [() => turn] }).respond(body);
    const finishes = (chunks: ChatCompletionChunk[]) =>
      chunks.flatMap((chunk) => chunk.choices.flatMap((choice) => choice.finish_reason ?? []));

    it('ends a stream asked for usage with a chunk that has no choice, counted 4 characters a token', () => {
      const chunks = respond(
        { text: 'abcde', toolCalls: [{ name: 'glob', args: '{}' }] },
        { ...STREAMED, stream_options: { include_usage: true } },
      );
      // 22 characters asked, 5 + 4 + 2 answered: ceil(22 / 4) and ceil(11 / 4).
      expect(chunks.at(-1)).toMatchObject({
        choices: [],
        usage: { prompt_tokens: 6, completion_tokens: 3, total_tokens: 9 },
      });
    });

    it('sends usage in a stream only when asked, and always with a whole answer', () => {
      expect(respond({ text: 'hi' }, STREAMED).some((chunk) => chunk.usage)).toBe(false);
      expect(respond({ text: 'hi' }, REQUEST).at(-1)?.usage).toBeDefined();
    });

    it('ends with length when the turn is cut, and with no finish reason or usage when it stops', () => {
      const asked = { ...STREAMED, stream_options: { include_usage: true } };
      expect(finishes(respond({ text: 'cut here', ending: 'length' }, asked))).toEqual(['length']);
      const stopped = respond({ text: 'and then', ending: 'none' }, asked);
      expect(finishes(stopped)).toEqual([]);
      expect(stopped.some((chunk) => chunk.usage)).toBe(false);
      expect(stopped.at(-1)?.choices[0]?.delta.content).toBe('and then');
    });
  });
});
