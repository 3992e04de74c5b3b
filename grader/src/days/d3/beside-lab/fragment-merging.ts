import type { Message, ToolCall, ToolCallDelta } from '@agent-course/core';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD3Lab } from './d3-lab';
import { createQuirkyModel } from './quirky-model';

/**
 * fragment-merging's driving part: a stream's fragments pushed into a fresh accumulator of the
 * lab's, and the lab's loop run on a model that streams them.
 */
export const operations = {
  /**
   * Pushes every fragment, in order, into a new ToolCallAccumulator, then drains it twice: what
   * each drain() returned.
   */
  async merge({ fragments }: { fragments: ToolCallDelta[] }, { labDir }) {
    const lab = await loadD3Lab(labDir);
    const accumulator = new lab.ToolCallAccumulator();
    for (const delta of fragments) accumulator.push(delta);
    const calls = accumulator.drain();
    const left = accumulator.drain();
    return { calls, left };
  },
  /**
   * Runs the lab's loop on a model whose first turn streams `fragments` and ends with finish
   * reason `stop` (see quirky-model.ts), over a registry that answers every call: the calls the
   * loop executed, how the run ended, and the call each tool message it fed back names.
   */
  async loop(
    {
      fragments,
      question,
      maxTurns,
    }: { fragments: ToolCallDelta[]; question: string; maxTurns: number },
    { labDir },
  ) {
    const lab = await loadD3Lab(labDir);
    const executed: ToolCall[] = [];
    const registry = {
      list: () => [],
      execute: async (call: ToolCall) => {
        executed.push({ ...call });
        return { ok: true, content: `result of ${call.id}` };
      },
    };
    const run = await lab.runAgent({
      model: createQuirkyModel(fragments),
      registry,
      cwd: '.',
      question,
      maxTurns,
    });
    return { executed, stopReason: run.stopReason, answered: answeredIds(run.messages) };
  },
} satisfies DrivingPart['operations'];

/** The call each tool message names, in order. */
function answeredIds(messages: Message[]): string[] {
  return messages.flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : []));
}
