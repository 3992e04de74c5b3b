import { describe, expect, it } from 'vitest';
import type { ToolCallDelta } from '@agent-course/core';
import { ToolCallAccumulator } from './tool-call-accumulator';

function merge(deltas: ToolCallDelta[]) {
  const accumulator = new ToolCallAccumulator();
  for (const delta of deltas) accumulator.push(delta);
  return accumulator.drain();
}

describe('ToolCallAccumulator', () => {
  it('joins one call whose id and name come only in the first fragment', () => {
    expect(
      merge([
        { index: 0, id: 'call_a', name: 'glob', argsDelta: '' },
        { index: 0, argsDelta: '{"pat' },
        { index: 0, argsDelta: 'tern":"**/' },
        { index: 0, argsDelta: '*.js"}' },
      ]),
    ).toEqual([{ id: 'call_a', name: 'glob', args: '{"pattern":"**/*.js"}' }]);
  });

  it('keeps interleaved parallel calls apart when the index starts at 1', () => {
    const calls = merge([
      { index: 2, id: 'call_b', name: 'read_file' },
      { index: 1, id: 'call_a', name: 'grep' },
      { index: 2, argsDelta: '{"path":"src/ca' },
      { index: 1, argsDelta: '{"pattern":"say \\"hi' },
      { index: 2, argsDelta: 'lc.js"}' },
      { index: 1, argsDelta: '\\" \\u00e9"}' },
    ]);
    expect(calls).toEqual([
      { id: 'call_a', name: 'grep', args: '{"pattern":"say \\"hi\\" \\u00e9"}' },
      { id: 'call_b', name: 'read_file', args: '{"path":"src/calc.js"}' },
    ]);
    expect(JSON.parse(calls[0]!.args)).toEqual({ pattern: 'say "hi" é' });
  });

  it('orders by index, not by arrival, across gaps in the numbering', () => {
    const calls = merge([
      { index: 7, id: 'late', name: 'glob', argsDelta: '{}' },
      { index: 3, id: 'early', name: 'grep', argsDelta: '{}' },
    ]);
    expect(calls.map((call) => call.id)).toEqual(['early', 'late']);
  });

  it('does not concatenate an id or name that is repeated in every fragment', () => {
    expect(
      merge([
        { index: 0, id: 'call_x', name: 'glob', argsDelta: '{"pattern":' },
        { index: 0, id: 'call_x', name: 'glob', argsDelta: '"*"}' },
      ]),
    ).toEqual([{ id: 'call_x', name: 'glob', args: '{"pattern":"*"}' }]);
  });

  it('takes a name that arrives late or first as an empty string', () => {
    expect(
      merge([
        { index: 0, id: 'call_y', name: '', argsDelta: '' },
        { index: 0, name: 'read_file', argsDelta: '{"path":"a"}' },
      ]),
    ).toEqual([{ id: 'call_y', name: 'read_file', args: '{"path":"a"}' }]);
  });

  it('keeps calls apart that a gateway sends all with index 0 but distinct ids', () => {
    expect(
      merge([
        { index: 0, id: 'call_1', name: 'glob', argsDelta: '{"pattern":"*"}' },
        { index: 0, id: 'call_2', name: 'grep', argsDelta: '{"pattern":' },
        { index: 0, argsDelta: '"x"}' },
      ]),
    ).toEqual([
      { id: 'call_1', name: 'glob', args: '{"pattern":"*"}' },
      { id: 'call_2', name: 'grep', args: '{"pattern":"x"}' },
    ]);
  });

  it('generates ids for calls that never got one, distinct within and across turns', () => {
    const calls = merge([
      { index: 0, name: 'glob', argsDelta: '{}' },
      { index: 1, name: 'grep', argsDelta: '{}' },
    ]);
    expect(calls.map((call) => call.id)).toEqual(['call_1_0', 'call_1_1']);
    const nextTurn = new ToolCallAccumulator({ turn: 2 });
    nextTurn.push({ index: 0, name: 'glob', argsDelta: '{}' });
    expect(nextTurn.drain().map((call) => call.id)).toEqual(['call_2_0']);
  });

  it('starts empty again after drain', () => {
    const accumulator = new ToolCallAccumulator();
    accumulator.push({ index: 0, id: 'a', name: 'glob', argsDelta: '{}' });
    expect(accumulator.drain()).toHaveLength(1);
    expect(accumulator.drain()).toEqual([]);
  });
});
