import type { Message } from './message';

/** What a conversation weighs, in characters of text the model is sent again. */
export interface ContextSize {
  /** Every message's text and every call's name and arguments. */
  chars: number;
  /** The part of it that tool results take. */
  toolResultChars: number;
}

/**
 * Weighs the conversation the next request resends. The whole list goes out every turn, so a
 * result fed back once is paid for again on each turn after it; this makes that cost visible.
 */
export function measureContext(messages: Message[]): ContextSize {
  let chars = 0;
  let toolResultChars = 0;
  for (const message of messages) {
    chars += message.content.length;
    if (message.role === 'tool') toolResultChars += message.content.length;
    if (message.role === 'assistant') {
      for (const call of message.toolCalls) chars += call.name.length + call.args.length;
    }
  }
  return { chars, toolResultChars };
}
