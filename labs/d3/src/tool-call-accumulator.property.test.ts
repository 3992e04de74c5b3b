import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toStreamEvents } from '@agent-course/finished-d1';
import type { ToolCall, ToolCallDelta } from '@agent-course/core';
import { ToolCallAccumulator } from './tool-call-accumulator';

// Properties over random streams: whatever the index base, gaps, cut points and interleaving,
// merging gives back exactly the calls that were sent. Runs stay moderate to keep the suite fast.
const RUNS = { numRuns: 200 };

/** Arguments text of any kind: JSON-looking, with escapes, accents, emoji, or nothing at all. */
const argsText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify({ value })),
  fc.constant(''),
);

/** 1 to 5 calls with distinct ids, each with its own distinct index, listed in index order. */
const callsWithIndexes = fc
  .uniqueArray(fc.nat({ max: 40 }), { minLength: 1, maxLength: 5 })
  .chain((indexes) =>
    fc.tuple(
      fc.constant([...indexes].sort((left, right) => left - right)),
      fc.array(fc.record({ name: fc.constantFrom('glob', 'grep', 'read_file'), args: argsText }), {
        minLength: indexes.length,
        maxLength: indexes.length,
      }),
    ),
  )
  .map(([indexes, bodies]) =>
    bodies.map((body, position) => ({
      ...body,
      id: `call_${position}`,
      index: indexes[position]!,
    })),
  );

/** Cuts text at the given points (taken modulo its length), keeping every piece in order. */
function cut(text: string, points: number[]): string[] {
  const offsets = [...new Set(points.map((point) => point % (text.length + 1)))].sort(
    (left, right) => left - right,
  );
  const pieces: string[] = [];
  let start = 0;
  for (const offset of offsets) {
    pieces.push(text.slice(start, offset));
    start = offset;
  }
  pieces.push(text.slice(start));
  return pieces;
}

/** The head (id and name) first, then the argument pieces, all carrying the call's index. */
function fragmentsOf(call: ToolCall & { index: number }, points: number[]): ToolCallDelta[] {
  return [
    { index: call.index, id: call.id, name: call.name },
    ...cut(call.args, points).map((piece) => ({ index: call.index, argsDelta: piece })),
  ];
}

/** Merges queues in the order `picks` chooses, keeping each queue's own order. */
function interleave<Item>(queues: Item[][], picks: number[]): Item[] {
  const remaining = queues.map((queue) => [...queue]);
  const merged: Item[] = [];
  for (let step = 0; remaining.some((queue) => queue.length > 0); step += 1) {
    const open = remaining.filter((queue) => queue.length > 0);
    merged.push(open[(picks[step] ?? 0) % open.length]!.shift()!);
  }
  return merged;
}

function merge(deltas: ToolCallDelta[]): ToolCall[] {
  const accumulator = new ToolCallAccumulator();
  for (const delta of deltas) accumulator.push(delta);
  return accumulator.drain();
}

const withoutIndex = (calls: Array<ToolCall & { index: number }>): ToolCall[] =>
  calls.map(({ id, name, args }) => ({ id, name, args }));

describe('ToolCallAccumulator, for any stream', () => {
  it('gives back the sent calls in index order, whatever the base, gaps, cuts and interleaving', () => {
    fc.assert(
      fc.property(
        callsWithIndexes,
        fc.array(fc.array(fc.nat(), { maxLength: 6 }), { minLength: 5, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (calls, cutPoints, picks) => {
          const queues = calls.map((call, position) => fragmentsOf(call, cutPoints[position]!));
          expect(merge(interleave(queues, picks))).toEqual(withoutIndex(calls));
        },
      ),
      RUNS,
    );
  });

  it('keeps calls apart by id when every call is sent on index 0, one after another', () => {
    fc.assert(
      fc.property(
        callsWithIndexes,
        fc.array(fc.array(fc.nat(), { maxLength: 6 }), { minLength: 5, maxLength: 5 }),
        (calls, cutPoints) => {
          const onZero = calls.map((call) => ({ ...call, index: 0 }));
          const deltas = onZero.flatMap((call, position) =>
            fragmentsOf(call, cutPoints[position]!),
          );
          expect(merge(deltas)).toEqual(withoutIndex(calls));
        },
      ),
      RUNS,
    );
  });

  it('gives back the calls in arrival order when the provider sends no index at all', async () => {
    await fc.assert(
      fc.asyncProperty(
        callsWithIndexes,
        fc.array(fc.array(fc.nat(), { maxLength: 6 }), { minLength: 5, maxLength: 5 }),
        async (calls, cutPoints) => {
          // Through day 1's finished reader, whose tool-call reader derives an index from ids and order.
          const fragments = calls.flatMap((call, position) => [
            { id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
            ...cut(call.args, cutPoints[position]!).map((piece) => ({
              function: { arguments: piece },
            })),
          ]);
          const events = toStreamEvents(chunksOf(fragments));
          const accumulator = new ToolCallAccumulator();
          for await (const event of events) {
            if (event.type === 'tool-call-delta') accumulator.push(event.delta);
          }
          expect(accumulator.drain()).toEqual(withoutIndex(calls));
        },
      ),
      { numRuns: 100 },
    );
  });
});

/** The chunk type the adapter reads, taken from it so this package needs no `openai` import. */
type Chunk = Parameters<typeof toStreamEvents>[0] extends AsyncIterable<infer Item> ? Item : never;

/** Wraps fragments (without the `index` the wire type promises) in one chunk each. */
async function* chunksOf(fragments: object[]): AsyncGenerator<Chunk> {
  for (const fragment of fragments) {
    yield {
      id: 'chatcmpl-property',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'property',
      choices: [
        {
          index: 0,
          delta: { tool_calls: [fragment] },
          finish_reason: null,
        },
      ],
    } as Chunk;
  }
}
