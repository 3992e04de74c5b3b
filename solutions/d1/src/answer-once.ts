import type { AgentRunOptions, AgentRunResult, AnswerStats, Message } from '@agent-course/core';

/** How day 1's agent is run: the same shape as every later day's loop, and a clock to measure with. */
export interface AnswerOnceOptions extends AgentRunOptions<[]> {
  /** The time in milliseconds; `performance.now` unless a test brings a clock it controls. */
  now?: () => number;
}

/** Why the answer did not end with 'stop', as a person reads it under the text. */
const NOT_DONE = {
  length: 'the answer was cut at the token limit (finish reason length); ask for a shorter answer',
  content_filter: "the endpoint's content filter stopped the answer (finish reason content_filter)",
  tool_calls: 'the model asked for a tool, and this day has none (finish reason tool_calls)',
  unknown:
    'the stream ended without a finish reason, so the answer may be missing its end; try again',
} as const;

/**
 * Day 1's agent: one question, one streamed answer. Its text is shown as it arrives; under it, how
 * long the first piece took, what the endpoint counted and why the answer ended.
 */
export async function answerOnce(options: AnswerOnceOptions): Promise<AgentRunResult> {
  const { model, question, signal } = options;
  const onEvent = options.onEvent ?? (() => {});
  const now = options.now ?? (() => performance.now());
  const messages: Message[] = [{ role: 'user', content: question }];
  let text = '';
  // #region exercise 2
  const stats: AnswerStats = { finishReason: 'unknown' };
  const sent = now();
  try {
    for await (const event of model.stream({ messages, tools: [], signal })) {
      if (event.type === 'text-delta' && event.text !== '') {
        // Measured on the first piece a person can see; shown at once, not when the answer is whole.
        stats.firstTokenMs ??= now() - sent;
        text += event.text;
        onEvent(event);
      } else if (event.type === 'usage') {
        stats.usage = {
          promptTokens: event.promptTokens,
          completionTokens: event.completionTokens,
        };
      } else if (event.type === 'notice') {
        onEvent(event);
      } else if (event.type === 'finish') {
        stats.finishReason = event.finishReason;
      }
    }
  } catch (error) {
    if (signal?.aborted) return { messages, stopReason: 'aborted', error: 'the run was cancelled' };
    // The model client already put the failure into words (exercise 3); they are passed on as they are.
    return { messages, stopReason: 'model-error', error: (error as Error).message };
  }
  onEvent({ type: 'answer-stats', stats });
  messages.push({ role: 'assistant', content: text, toolCalls: [] });
  // Only 'stop' means the model finished; anything else, the text above may not be the whole answer.
  if (stats.finishReason === 'stop') return { messages, stopReason: 'done' };
  return { messages, stopReason: 'cut', error: NOT_DONE[stats.finishReason] };
  // #starter
  //> for await (const event of model.stream({ messages, tools: [], signal })) {
  //>   if (event.type === 'text-delta') text += event.text;
  //> }
  //> onEvent({ type: 'text-delta', text });
  //> messages.push({ role: 'assistant', content: text, toolCalls: [] });
  //> return { messages, stopReason: 'done' };
  // #endregion exercise 2
}
