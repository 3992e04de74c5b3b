import type { ToolCall, ToolCallDelta } from '@agent-course/core';

/** A call being assembled from its fragments. */
interface Slot {
  /** The provider's index for the call; only a key, never an array position. */
  index: number;
  /** Arrival order of the call's first fragment, to keep calls that share an index apart. */
  arrival: number;
  /** The call's id once a fragment carried one. */
  id?: string;
  /** The tool's name once a fragment carried one. */
  name?: string;
  /** The arguments' JSON text so far; valid only once the stream has ended. */
  args: string;
}

/**
 * Merges streamed tool-call fragments into whole calls. Slots live in a Map keyed by `index`
 * because providers start the index at 0, at 1 or elsewhere, may skip numbers, and interleave the
 * fragments of parallel calls, so neither an array subscript nor arrival order can be trusted.
 */
export class ToolCallAccumulator {
  /** The open slot for each index. */
  private readonly open = new Map<number, Slot>();
  /** Slots closed because a new id arrived on their index. */
  private readonly closed: Slot[] = [];
  private arrivals = 0;
  /** Starts every generated id; the turn number keeps ids unique across the whole conversation. */
  private readonly idPrefix: string;

  /** `turn` is the model turn this accumulator merges, counted from 1. */
  constructor({ turn = 1 }: { turn?: number } = {}) {
    this.idPrefix = `call_${turn}_`;
  }

  // TODO(1): ToolCallAccumulator: merge streamed fragments into whole calls
  //   In push(), find or create the slot for delta.index in the Map, write id and name only when
  //   the fragment carries them, and append argsDelta. Some gateways send every parallel call on
  //   index 0, told apart only by id: a fragment whose id differs from the id its slot already has
  //   starts a new call (move the old slot to closed). In drain(), return the calls sorted by
  //   index, then arrival, give a call that never got an id this.idPrefix plus its position in the
  //   drained list (call_1_0, call_1_1, ...), then empty the accumulator.
  /** Adds one fragment to the call it belongs to. */
  push(delta: ToolCallDelta): void {
    void delta;
  }

  /** Returns the merged calls in index order and empties the accumulator for the next turn. */
  drain(): ToolCall[] {
    return [];
  }
}
