import type { ModelClient, StreamEvent, ToolCallDelta } from '@agent-course/core';

/**
 * A model with two quirks measured on real gateways: its call indexes start at 1, and it ends the
 * tool turn with finish reason `stop` instead of `tool_calls`. The first turn streams `fragments`;
 * every later turn answers in text.
 */
export function createQuirkyModel(fragments: ToolCallDelta[]): ModelClient {
  let turns = 0;
  return {
    async *stream(): AsyncIterable<StreamEvent> {
      turns += 1;
      if (turns === 1) {
        yield { type: 'text-delta', text: 'Two searches at once.' };
        for (const delta of fragments) yield { type: 'tool-call-delta', delta };
      } else {
        yield { type: 'text-delta', text: 'Both results came back; that is all I needed.' };
      }
      yield { type: 'finish', finishReason: 'stop' };
    },
  };
}
