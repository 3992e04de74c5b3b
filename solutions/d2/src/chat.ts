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
  // #region exercise 4
  messages.push({ role: 'system', content: SYSTEM_PROMPT });
  for (let turn = 1; turn <= maxTurns; turn++) {
    const line = await person.nextLine();
    if (line === undefined) return { messages, stopReason: 'done' };
    messages.push({ role: 'user', content: line.text });
    const problems = findHistoryProblems(messages);
    if (problems.length > 0) {
      return {
        messages,
        stopReason: 'refused',
        error: `the history was not sent, because an endpoint would refuse it: ${problems.join('; ')}`,
      };
    }

    let text = '';
    let finishReason: FinishReason = 'unknown';
    try {
      // The whole history, every turn: the model remembers nothing between requests.
      for await (const event of model.stream({ messages, tools: [], signal: line.signal })) {
        // After Ctrl-C nothing more of this answer is shown or kept, even what was already read.
        if (line.signal.aborted) break;
        if (event.type === 'text-delta') {
          text += event.text;
          onEvent(event);
        } else if (event.type === 'notice') {
          onEvent(event);
        } else if (event.type === 'finish') {
          finishReason = event.finishReason;
        }
      }
    } catch (error) {
      if (!line.signal.aborted) {
        // Nothing answered the line: take it back, so the history stays one a request can carry.
        messages.pop();
        return { messages, stopReason: 'model-error', error: (error as Error).message };
      }
    }

    const stopped = line.signal.aborted;
    // What the person saw is what the model is told it said: a stopped answer is kept, marked.
    const content = !stopped
      ? text
      : text === ''
        ? INTERRUPTED_NOTE
        : `${text} ${INTERRUPTED_NOTE}`;
    messages.push({ role: 'assistant', content, toolCalls: [] });
    onEvent({
      type: 'turn-end',
      turn,
      finishReason: stopped ? 'unknown' : finishReason,
      toolCalls: 0,
    });
    if (stopped) {
      onEvent({
        type: 'notice',
        message: 'you stopped the answer; what was shown stays in the history, marked as stopped',
      });
    }
    onEvent({ type: 'context', ...measureContext(messages) });
  }
  // #starter
  //> // Each line goes out alone: the model is never shown what was said before it.
  //> for (let turn = 1; turn <= maxTurns; turn++) {
  //>   const line = await person.nextLine();
  //>   if (line === undefined) return { messages, stopReason: 'done' };
  //>   const request: Message[] = [{ role: 'user', content: line.text }];
  //>   let text = '';
  //>   for await (const event of model.stream({ messages: request, tools: [], signal: line.signal })) {
  //>     if (event.type === 'text-delta') {
  //>       text += event.text;
  //>       onEvent(event);
  //>     }
  //>   }
  //>   onEvent({ type: 'turn-end', turn, finishReason: 'stop', toolCalls: 0 });
  //>   messages.splice(0, messages.length, ...request, {
  //>     role: 'assistant',
  //>     content: text,
  //>     toolCalls: [],
  //>   });
  //> }
  // #endregion exercise 4
  return {
    messages,
    stopReason: 'max-turns',
    error: `the chat reached its limit of ${maxTurns} turns; start a new one, or raise --max-turns`,
  };
}
