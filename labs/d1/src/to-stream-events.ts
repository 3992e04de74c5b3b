import { createToolCallReader } from '@agent-course/core';
import type { FinishReason, StreamEvent } from '@agent-course/core';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';

/** The finish reasons the kit knows; any other string an endpoint invents is reported as 'unknown'. */
const KNOWN_FINISH_REASONS: ReadonlySet<string> = new Set<FinishReason>([
  'stop',
  'tool_calls',
  'length',
  'content_filter',
]);

// TODO(1): toStreamEvents: turn the SDK's chunks into the kit's stream events
//   Not every chunk has a choice: the usage the request asked for comes last, on a chunk whose
//   choices are empty; pass chunk.usage on as a usage event. content is null or "" on chunks that
//   carry no text: yield a text-delta only for a non-empty string, as soon as its chunk is read.
//   The finish reason may come on a chunk of its own, twice, or as "" on chunks that end nothing:
//   keep the last non-empty one, report one the kit does not know as unknown, and end with exactly
//   one finish event, unknown when the stream never said (it was cut).
/**
 * The kit's events for one streamed answer: each piece of text as it arrives, the usage when the
 * endpoint sends it, each tool-call fragment, and one `finish`, last, with the reason that counts.
 */
export async function* toStreamEvents(
  chunks: AsyncIterable<ChatCompletionChunk>,
): AsyncGenerator<StreamEvent> {
  const toolCalls = createToolCallReader();
  for await (const chunk of chunks) {
    const choice = chunk.choices[0]!;
    yield { type: 'text-delta', text: choice.delta.content! };
    // Tool-call fragments are passed on unmerged; merging them is day 3's work.
    yield* toolCalls.read(choice.delta.tool_calls);
  }
  yield { type: 'finish', finishReason: 'stop' };
}
