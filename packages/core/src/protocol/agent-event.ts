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
  | { type: 'context'; chars: number; toolResultChars: number };
