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
  // TODO(2): answerOnce: show the answer as it arrives, with time to first token and usage
  //   Hand each non-empty text-delta to onEvent as soon as it arrives, not once the answer is
  //   whole. Read the clock (now) before the request and again at the first piece of text: the
  //   difference is the time to first token. Keep the usage event and the finish reason, send one
  //   answer-stats event after the stream, and return stopReason 'done' only for finish reason
  //   stop; anything else is 'cut', with error saying why. A call that throws returns stopReason
  //   'model-error' with the error's message.
  for await (const event of model.stream({ messages, tools: [], signal })) {
    if (event.type === 'text-delta') text += event.text;
  }
  onEvent({ type: 'text-delta', text });
  messages.push({ role: 'assistant', content: text, toolCalls: [] });
  return { messages, stopReason: 'done' };
}
