import type { Message, ModelClient, StreamEvent, ToolCallDelta } from '@agent-course/core';

/** The last words of the quirky model, once it has seen its calls answered. */
export const CONCLUSION = 'Both results came back; that is all I needed.';

/**
 * A model with two quirks measured on real gateways: its call indexes start at 1, and it ends the
 * tool turn with finish reason `stop` instead of `tool_calls`. The first turn streams `fragments`;
 * every later turn answers in text. `requests` records what each turn was sent.
 */
export function createQuirkyModel(
  fragments: ToolCallDelta[],
): ModelClient & { requests: Message[][] } {
  const requests: Message[][] = [];
  return {
    requests,
    async *stream({ messages }): AsyncIterable<StreamEvent> {
      requests.push(structuredClone(messages));
      if (requests.length === 1) {
        yield { type: 'text-delta', text: 'Two searches at once.' };
        for (const delta of fragments) yield { type: 'tool-call-delta', delta };
      } else {
        yield { type: 'text-delta', text: CONCLUSION };
      }
      yield { type: 'finish', finishReason: 'stop' };
    },
  };
}
