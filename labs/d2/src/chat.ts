import type { AgentRunOptions, AgentRunResult, FinishReason, Message } from '@agent-course/core';
import { findHistoryProblems } from './find-history-problems';
import { measureContext } from './measure-context';
import { SYSTEM_PROMPT } from './system-prompt';

/** The most lines one chat answers; a longer talk starts a new chat, which resends less. */
export const DEFAULT_MAX_TURNS = 50;

/** Closes an answer the person stopped, so the model reads it as cut by them, not as finished. */
export const INTERRUPTED_NOTE = '[the person stopped this answer here]';

/**
 * Day 2's agent: a chat. Each line the person sends is one turn: the line joins the history, the
 * whole history is checked and sent, and the answer streams back and joins it too. Ctrl-C stops
 * the answer being streamed and the chat goes on with the person's next line.
 */
export async function chat(options: AgentRunOptions<[]>): Promise<AgentRunResult> {
  const { model, person } = options;
  const onEvent = options.onEvent ?? (() => {});
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const messages: Message[] = [];
  // Only a command line brings someone to talk with; with nobody, there is nothing to answer.
  if (!person) return { messages, stopReason: 'done' };
  // TODO(4): chat: each line a turn, the whole history resent, Ctrl-C stops only the answer
  //   Start the history with SYSTEM_PROMPT, once. For each line from person.nextLine() (until it
  //   returns undefined): add it as a user message, refuse to send a history findHistoryProblems
  //   finds fault with (stopReason 'refused', its error listing the problems), stream the answer to
  //   the whole history with the line's signal, show each text-delta through onEvent, add the
  //   answer as an assistant message and send a context event with measureContext. When the line's
  //   signal aborts (Ctrl-C), stop reading at once: keep the text shown so far, followed by
  //   INTERRUPTED_NOTE, as the answer, so the next line still makes a history an endpoint accepts.
  //   A failed call takes its line back out and returns stopReason 'model-error' with the error's
  //   message.
  // Each line goes out alone: the model is never shown what was said before it.
  for (let turn = 1; turn <= maxTurns; turn++) {
    const line = await person.nextLine();
    if (line === undefined) return { messages, stopReason: 'done' };
    const request: Message[] = [{ role: 'user', content: line.text }];
    let text = '';
    for await (const event of model.stream({ messages: request, tools: [], signal: line.signal })) {
      if (event.type === 'text-delta') {
        text += event.text;
        onEvent(event);
      }
    }
    onEvent({ type: 'turn-end', turn, finishReason: 'stop', toolCalls: 0 });
    messages.splice(0, messages.length, ...request, {
      role: 'assistant',
      content: text,
      toolCalls: [],
    });
  }
  return {
    messages,
    stopReason: 'max-turns',
    error: `the chat reached its limit of ${maxTurns} turns; start a new one, or raise --max-turns`,
  };
}
