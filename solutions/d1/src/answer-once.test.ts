import { describe, expect, it } from 'vitest';
import type { AgentEvent, ModelClient, StreamEvent } from '@agent-course/core';
import { answerOnce } from './answer-once';

/**
 * A model that plays `events`, each at the clock time beside it, and notes how many it has
 * handed out; the clock is the test's, so no test waits for time to pass.
 */
function playedModel(timed: [number, StreamEvent][]) {
  const played = { count: 0, time: 0 };
  const model: ModelClient = {
    async *stream() {
      for (const [time, event] of timed) {
        played.time = time;
        played.count += 1;
        yield event;
      }
    },
  };
  return { model, played, now: () => played.time };
}

async function answer(timed: [number, StreamEvent][]) {
  const { model, played, now } = playedModel(timed);
  const seen: { event: AgentEvent; afterModelEvents: number }[] = [];
  const result = await answerOnce({
    model,
    registry: [],
    cwd: '.',
    question: 'hi',
    now,
    onEvent: (event) => seen.push({ event, afterModelEvents: played.count }),
  });
  return { result, seen, events: seen.map(({ event }) => event) };
}

const FINISH_STOP: StreamEvent = { type: 'finish', finishReason: 'stop' };

describe('answerOnce', () => {
  it('hands each piece of text on as it arrives, before the next is read', async () => {
    const { seen } = await answer([
      [1, { type: 'text-delta', text: 'one ' }],
      [2, { type: 'text-delta', text: 'two' }],
      [3, FINISH_STOP],
    ]);
    const texts = seen.filter(({ event }) => event.type === 'text-delta');
    expect(texts.map(({ afterModelEvents }) => afterModelEvents)).toEqual([1, 2]);
  });

  it('measures time to first token on its clock, from the request to the first visible piece', async () => {
    const { events } = await answer([
      [40, { type: 'notice', message: 'retrying' }],
      [45, { type: 'text-delta', text: '' }],
      [52, { type: 'text-delta', text: 'Hi' }],
      [90, { type: 'text-delta', text: '!' }],
      [91, FINISH_STOP],
      [92, { type: 'usage', promptTokens: 11, completionTokens: 2 }],
    ]);
    expect(events.filter((event) => event.type === 'answer-stats')).toEqual([
      {
        type: 'answer-stats',
        stats: {
          finishReason: 'stop',
          firstTokenMs: 52,
          usage: { promptTokens: 11, completionTokens: 2 },
        },
      },
    ]);
    expect(events.filter((event) => event.type === 'text-delta')).toHaveLength(2);
  });

  it('calls an answer that ended with stop done, and keeps its text', async () => {
    const { result } = await answer([
      [1, { type: 'text-delta', text: 'Hi' }],
      [2, FINISH_STOP],
    ]);
    expect(result.stopReason).toBe('done');
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'Hi', toolCalls: [] });
  });

  it.each([
    ['length', /token limit/],
    ['unknown', /without a finish reason/],
  ] as const)('calls an answer that ended with %s cut, and says why', async (reason, why) => {
    const { result } = await answer([
      [1, { type: 'text-delta', text: 'Half an' }],
      [2, { type: 'finish', finishReason: reason }],
    ]);
    expect(result.stopReason).toBe('cut');
    expect(result.error).toMatch(why);
  });

  it('turns a call that throws into model-error with its message', async () => {
    const model: ModelClient = {
      async *stream() {
        throw new Error('the model endpoint at http://x answered 401');
      },
    };
    const result = await answerOnce({ model, registry: [], cwd: '.', question: 'hi' });
    expect(result).toMatchObject({
      stopReason: 'model-error',
      error: 'the model endpoint at http://x answered 401',
    });
  });
});
