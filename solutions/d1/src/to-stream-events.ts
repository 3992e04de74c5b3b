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

// #region exercise 1
/**
 * The kit's events for one streamed answer: each piece of text as it arrives, the usage when the
 * endpoint sends it, each tool-call fragment, and one `finish`, last, with the reason that counts.
 */
export async function* toStreamEvents(
  chunks: AsyncIterable<ChatCompletionChunk>,
): AsyncGenerator<StreamEvent> {
  const toolCalls = createToolCallReader();
  let finishReason: FinishReason | undefined;
  for await (const chunk of chunks) {
    // Usage rides on its own chunk, after the last choice, when the request asked for it.
    if (chunk.usage) {
      const { prompt_tokens: promptTokens, completion_tokens: completionTokens } = chunk.usage;
      yield { type: 'usage', promptTokens, completionTokens };
    }
    // That usage chunk has no choice at all; neither do some keep-alive chunks.
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    // null and "" are what a chunk that carries no text holds; showing them would print nothing.
    const content: unknown = choice.delta?.content;
    if (typeof content === 'string' && content !== '') yield { type: 'text-delta', text: content };
    yield* toolCalls.read(choice.delta?.tool_calls);
    // A reason can arrive on a chunk of its own, twice, or as "" on chunks that end nothing: the
    // last real one counts. A stream that never sends one was cut, so it stays 'unknown'.
    const reason: unknown = choice.finish_reason;
    if (typeof reason === 'string' && reason !== '') {
      finishReason = KNOWN_FINISH_REASONS.has(reason) ? (reason as FinishReason) : 'unknown';
    }
  }
  yield { type: 'finish', finishReason: finishReason ?? 'unknown' };
}
// #starter
//> /**
//>  * The kit's events for one streamed answer: each piece of text as it arrives, the usage when the
//>  * endpoint sends it, each tool-call fragment, and one `finish`, last, with the reason that counts.
//>  */
//> export async function* toStreamEvents(
//>   chunks: AsyncIterable<ChatCompletionChunk>,
//> ): AsyncGenerator<StreamEvent> {
//>   const toolCalls = createToolCallReader();
//>   for await (const chunk of chunks) {
//>     const choice = chunk.choices[0]!;
//>     yield { type: 'text-delta', text: choice.delta.content! };
//>     // Tool-call fragments are passed on unmerged; merging them is day 3's work.
//>     yield* toolCalls.read(choice.delta.tool_calls);
//>   }
//>   yield { type: 'finish', finishReason: 'stop' };
//> }
// #endregion exercise 1
