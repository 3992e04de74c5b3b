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

  /** Adds one fragment to the call it belongs to. */
  push(delta: ToolCallDelta): void {
    let slot = this.open.get(delta.index);
    // Some gateways send every parallel call with index 0; a different id means a different call.
    if (slot?.id !== undefined && delta.id && delta.id !== slot.id) {
      this.closed.push(slot);
      slot = undefined;
    }
    if (!slot) {
      slot = { index: delta.index, arrival: this.arrivals++, args: '' };
      this.open.set(delta.index, slot);
    }
    // id and name usually come only in the first fragment: write them when present, never clear them.
    // Assigning (not appending) also keeps an id that some providers repeat in every fragment whole.
    if (delta.id) slot.id = delta.id;
    if (delta.name) slot.name = delta.name;
    // The arguments are one JSON text cut anywhere, even inside a string or an escape: only append.
    if (delta.argsDelta) slot.args += delta.argsDelta;
  }

  /** Returns the merged calls in index order and empties the accumulator for the next turn. */
  drain(): ToolCall[] {
    const slots = [...this.closed, ...this.open.values()].sort(
      (left, right) => left.index - right.index || left.arrival - right.arrival,
    );
    this.open.clear();
    this.closed.length = 0;
    return slots.map((slot, position) => ({
      // The tool message must name the call it answers, so a call without an id still needs one,
      // and one no other turn uses: some providers reject a conversation that repeats an id.
      id: slot.id ?? `${this.idPrefix}${position}`,
      name: slot.name ?? '',
      args: slot.args,
    }));
  }
}
