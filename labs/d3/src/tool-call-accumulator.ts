import type { ToolCall, ToolCallDelta } from '@agent-course/core';

/**
 * Merges streamed tool-call fragments into whole calls. A stream gives each call an `index` that may
 * start at 0, at 1 or elsewhere and may skip numbers; the fragments of parallel calls interleave;
 * `id` and `name` usually come once, in a call's first fragment; and some gateways send every
 * parallel call on index 0, told apart only by a new `id`.
 */
export class ToolCallAccumulator {
  /** Starts every generated id; the turn number keeps ids unique across the whole conversation. */
  private readonly idPrefix: string;

  /** `turn` is the model turn this accumulator merges, counted from 1. */
  constructor({ turn = 1 }: { turn?: number } = {}) {
    this.idPrefix = `call_${turn}_`;
  }

  // TODO(1): ToolCallAccumulator: merge streamed fragments into whole calls
  //   Choose where the calls being merged live; delta.index is a key the provider picked (it may
  //   start at 1 and skip numbers), not a position. In push(), find the call the fragment belongs
  //   to: a fragment without an id continues the latest call on its index; a fragment whose id
  //   differs from the id the latest call on its index already has opens a new call (some gateways
  //   send every parallel call on index 0). Write id and name only when the fragment carries them;
  //   append argsDelta. drain() returns the calls in index order, calls sharing an index in the
  //   order they began; a call that never got an id gets this.idPrefix plus its position in the
  //   drained list (call_1_0, call_1_1, ...); then the accumulator is empty for the next turn.
  /** Adds one fragment to the call it belongs to. */
  push(delta: ToolCallDelta): void {
    void delta;
  }

  /** Returns the merged calls in index order and empties the accumulator for the next turn. */
  drain(): ToolCall[] {
    return [];
  }
}
