import { createToolCallReader } from '../openai/create-tool-call-reader';
import type { StreamReader } from '../openai/stream-reader';
import type { FinishReason } from '../protocol/stream-event';

/**
 * For tests of what runs around a stream reader (core's client, the command line): the plainest
 * one, so they show what the client does (requests, retries, notices, cut streams) without
 * depending on a day. The real reader, with its rules for every odd chunk and failure, is day 1's
 * (`@agent-course/finished-d1`), tested there. Its explanation repeats what it was handed.
 */
export const plainReader: StreamReader = {
  async *toStreamEvents(chunks) {
    const toolCalls = createToolCallReader();
    let finishReason: FinishReason = 'unknown';
    for await (const chunk of chunks) {
      if (chunk.usage) {
        const { prompt_tokens: promptTokens, completion_tokens: completionTokens } = chunk.usage;
        yield { type: 'usage', promptTokens, completionTokens };
      }
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      if (choice.delta?.content) yield { type: 'text-delta', text: choice.delta.content };
      yield* toolCalls.read(choice.delta?.tool_calls);
      if (choice.finish_reason) finishReason = choice.finish_reason as FinishReason;
    }
    yield { type: 'finish', finishReason };
  },
  explainFailure: ({ error, endpoint }) =>
    `explained: ${error instanceof Error ? error.message : String(error)} (${endpoint})`,
};
