// Generated from solutions/d3/src/run-agent.ts (day 3's solution, finished) by
// `pnpm starter d3`. Do not edit it here: change the solution and run that again.
import type { AgentEvent, FinishReason, Message, ModelClient } from '@agent-course/core';
import { measureContext } from '@agent-course/finished-d2';
import { SYSTEM_PROMPT } from './system-prompt';
import { ToolCallAccumulator } from './tool-call-accumulator';
import type { ToolRegistry } from './tool-registry';

/** A run stops when the model asks for nothing more, or for one of these reasons. */
export type StopReason = 'done' | 'max-turns' | 'aborted' | 'model-error';

/** The turns a run may take before it is stopped, so a confused model cannot loop forever. */
export const DEFAULT_MAX_TURNS = 12;

/** What a run needs. */
export interface RunAgentOptions {
  /** The model to stream turns from. */
  model: ModelClient;
  /** The tools the model may call. */
  registry: ToolRegistry;
  /** The working directory the tools are confined to. */
  cwd: string;
  /** The person's question. */
  question: string;
  /** What frames the run; day 3's SYSTEM_PROMPT when omitted (a later day names its own tools). */
  systemPrompt?: string;
  /** The most model turns to take; DEFAULT_MAX_TURNS when omitted. */
  maxTurns?: number;
  /** Receives progress as it happens. */
  onEvent?: (event: AgentEvent) => void;
  /** Cancels the run (Ctrl-C); the run then ends with stopReason 'aborted'. */
  signal?: AbortSignal;
}

/** How a run ended. */
export interface RunAgentResult {
  /** The whole conversation, including every call and the tool message that answered it. */
  messages: Message[];
  /** Why the run stopped. */
  stopReason: StopReason;
  /** A sentence for a person when the run did not end with 'done'. */
  error?: string;
}

/**
 * The agent loop: stream a turn, merge its tool calls, run each one, feed every result back, and go
 * again until a turn asks for nothing.
 */
export async function runAgent(options: RunAgentOptions): Promise<RunAgentResult> {
  const {
    model,
    registry,
    cwd,
    question,
    systemPrompt = SYSTEM_PROMPT,
    onEvent = () => {},
  } = options;
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const signal = options.signal ?? new AbortController().signal;
  const messages: Message[] = [
    { role: 'system', content: systemPrompt },
    { role: 'user', content: question },
  ];
  const aborted = (): RunAgentResult => ({
    messages,
    stopReason: 'aborted',
    error: 'the run was cancelled',
  });

  for (let turn = 1; turn <= maxTurns; turn++) {
    if (signal.aborted) return aborted();

    const accumulator = new ToolCallAccumulator({ turn });
    let text = '';
    let finishReason: FinishReason = 'unknown';
    let incomplete = false;
    // Only the stream's own failures are the model's. The registry's list, and what is done with
    // each event, are this program's code: a throw there is a bug to show with its stack, and
    // calling it a failed model request would send the reader to check the network.
    const tools = registry.list();
    let handlingEvent = false;
    try {
      for await (const event of model.stream({ messages, tools, signal })) {
        handlingEvent = true;
        if (event.type === 'text-delta') {
          text += event.text;
          onEvent(event);
        } else if (event.type === 'tool-call-delta') {
          accumulator.push(event.delta);
        } else if (event.type === 'notice') {
          onEvent(event);
        } else if (event.type === 'finish') {
          finishReason = event.finishReason;
          incomplete = event.incomplete === true;
        }
        handlingEvent = false;
      }
    } catch (error) {
      if (handlingEvent) throw error;
      if (signal.aborted) return aborted();
      const reason = error instanceof Error ? error.message : String(error);
      return { messages, stopReason: 'model-error', error: `the model request failed: ${reason}` };
    }

    const calls = accumulator.drain();
    onEvent({ type: 'turn-end', turn, finishReason, toolCalls: calls.length });
    // The assistant message must carry the calls it made, or the tool messages answer nothing.
    messages.push({ role: 'assistant', content: text, toolCalls: calls });

    // Some models finish a tool turn with 'stop', so a merged call counts as much as the reason.
    const isToolTurn = finishReason === 'tool_calls' || calls.length > 0;
    if (!isToolTurn) {
      onEvent({ type: 'context', ...measureContext(messages) });
      // A stream that was cut off mid-answer must not pass for a finished one.
      if (incomplete) {
        return {
          messages,
          stopReason: 'model-error',
          error:
            'the answer above was cut off before the model finished; ask again, and check the endpoint if it keeps happening',
        };
      }
      return { messages, stopReason: 'done' };
    }
    if (calls.length === 0) {
      onEvent({
        type: 'notice',
        message:
          'the model finished with tool_calls, but no complete call was merged from the stream',
      });
      return { messages, stopReason: 'done' };
    }

    for (const call of calls) {
      onEvent({ type: 'tool-call', call });
      const result = await registry.execute(call, { cwd, signal });
      onEvent({ type: 'tool-result', call, result });
      // Exactly one tool message per call, failed or not; meta stays behind for the terminal.
      messages.push({ role: 'tool', toolCallId: call.id, content: result.content });
    }
    onEvent({ type: 'context', ...measureContext(messages) });
  }

  return {
    messages,
    stopReason: 'max-turns',
    error: `the run reached its limit of ${maxTurns} turns without a final answer; ask a narrower question or raise --max-turns`,
  };
}
