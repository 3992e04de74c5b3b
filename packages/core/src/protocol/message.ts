import type { ToolCall } from './stream-event';

/** The instructions that frame the whole conversation. */
export interface SystemMessage {
  /** Discriminates the message kinds. */
  role: 'system';
  /** The instructions, in plain text. */
  content: string;
}

/** What the person asked. */
export interface UserMessage {
  /** Discriminates the message kinds. */
  role: 'user';
  /** The question or request, in plain text. */
  content: string;
}

/** One model turn: the text it wrote and the tool calls it requested. */
export interface AssistantMessage {
  /** Discriminates the message kinds. */
  role: 'assistant';
  /** The text the model streamed this turn; empty when it only called tools. */
  content: string;
  /** The calls the model requested; each must be answered by exactly one tool message. */
  toolCalls: ToolCall[];
}

/** The result of one tool call, fed back to the model. */
export interface ToolMessage {
  /** Discriminates the message kinds. */
  role: 'tool';
  /** The id of the call this message answers. */
  toolCallId: string;
  /** What the tool returned, or why it failed, in text the model can act on. */
  content: string;
}

/** Any message of a conversation, told apart by its `role`. */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;
