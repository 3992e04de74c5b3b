import type { ToolCall } from './tool-call';

/** One model turn: the text it wrote and the tool calls it requested. */
export interface AssistantMessage {
  /** Discriminates the message kinds. */
  role: 'assistant';
  /** The text the model streamed this turn; empty when it only called tools. */
  content: string;
  /** The calls the model requested; each must be answered by exactly one tool message. */
  toolCalls: ToolCall[];
}
