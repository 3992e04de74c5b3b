// Generated from solutions/d3/src/tool-call-accumulator.ts (day 3's solution, finished) by
// `pnpm starter d3`. Do not edit it here: change the solution and run that again.
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

  /** Every call begun this turn, with the index it came on, in the order its first fragment arrived. */
  private readonly begun: Array<{ index: number; call: ToolCall }> = [];
  /** The call a fragment on each index continues: the index is the provider's key, not a position. */
  private readonly latestOnIndex = new Map<number, ToolCall>();

  /** Adds one fragment to the call it belongs to. */
  push(delta: ToolCallDelta): void {
    let call = this.latestOnIndex.get(delta.index);
    // A new id on an index whose call already has a different one is a new call (gateways that
    // number every parallel call 0); a fragment without an id continues the latest call there.
    if (!call || (delta.id && call.id && delta.id !== call.id)) {
      call = { id: '', name: '', args: '' };
      this.begun.push({ index: delta.index, call });
      this.latestOnIndex.set(delta.index, call);
    }
    // id and name usually come only in the first fragment: write them when present, never clear them.
    // Assigning (not appending) also keeps an id that some providers repeat in every fragment whole.
    if (delta.id) call.id = delta.id;
    if (delta.name) call.name = delta.name;
    // The arguments are one JSON text cut anywhere, even inside a string or an escape: only append.
    if (delta.argsDelta) call.args += delta.argsDelta;
  }

  /** Returns the merged calls in index order and empties the accumulator for the next turn. */
  drain(): ToolCall[] {
    // sort is stable, so calls sharing an index stay in the order they began.
    const ordered = [...this.begun].sort((left, right) => left.index - right.index);
    this.begun.length = 0;
    this.latestOnIndex.clear();
    return ordered.map(({ call }, position) => ({
      // The tool message must name the call it answers, so a call without an id still needs one,
      // and one no other turn uses: some providers reject a conversation that repeats an id.
      id: call.id || `${this.idPrefix}${position}`,
      name: call.name,
      args: call.args,
    }));
  }
}
