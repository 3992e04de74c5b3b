import type { Message } from './message';
import type { ModelClient } from './model-client';
import type { Person } from './person';
import type { FinishReason, ToolCall } from './stream-event';
import type { ToolResult } from './tool-def';

/** What the agent loop reports while it runs, for a terminal or a test to follow along. */
export type AgentEvent =
  /** A piece of the model's text, as it streams. */
  | { type: 'text-delta'; text: string }
  /** A model turn ended; `toolCalls` is how many calls were merged from it. */
  | { type: 'turn-end'; turn: number; finishReason: FinishReason; toolCalls: number }
  /** A call is about to run. */
  | { type: 'tool-call'; call: ToolCall }
  /** A call finished; its content is what the model is fed back. */
  | { type: 'tool-result'; call: ToolCall; result: ToolResult }
  /** Something a person should know that is not an error of the run. */
  | { type: 'notice'; message: string }
  /** After a turn: what the conversation now weighs, all of it resent with the next request. */
  | { type: 'context'; chars: number; toolResultChars: number }
  /** A streamed answer ended: what it felt like and what it cost (day 1's one call). */
  | { type: 'answer-stats'; stats: AnswerStats };

/** What one streamed answer measured, for the person to see under it. */
export interface AnswerStats {
  /** Why the answer ended, as the stream said. */
  finishReason: FinishReason;
  /** Milliseconds from sending the request to the first piece of text; absent when none came. */
  firstTokenMs?: number;
  /** What the endpoint counted, when it sent usage. */
  usage?: { promptTokens: number; completionTokens: number };
}

/**
 * What a day's agent loop is handed for one run. Each day writes its own loop; the command line
 * and the test helpers call any of them through this shape.
 */
export interface AgentRunOptions<Registry> {
  /** The model to stream turns from. */
  model: ModelClient;
  /** The tools the model may call, as the day built them. */
  registry: Registry;
  /** The working directory the tools are confined to. */
  cwd: string;
  /** The person's question. */
  question: string;
  /** The most model turns to take; the day's default when omitted. */
  maxTurns?: number;
  /** Cancels the run (Ctrl-C); the run then ends with stopReason 'aborted'. */
  signal?: AbortSignal;
  /** Receives progress as it happens. */
  onEvent?: (event: AgentEvent) => void;
  /**
   * Asks the person whether a call that writes or runs something may go ahead; resolves false when
   * they decline. Present only when someone must be asked: a real model working on a real
   * repository without --yes.
   */
  approve?: (call: ToolCall) => Promise<boolean>;
  /**
   * On a day that chats (day 2): who sends the lines, the first one included, each one a turn.
   * Absent on a day that answers one question.
   */
  person?: Person;
}

/** How a day's agent loop reports the end of a run. */
export interface AgentRunResult {
  /** The whole conversation, every call answered by one tool message. */
  messages: Message[];
  /** 'done' when the model answered; 'aborted' when cancelled; otherwise why it stopped. */
  stopReason: string;
  /** A sentence for a person when the run did not end with 'done'. */
  error?: string;
}
