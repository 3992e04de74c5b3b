// Generated from solutions/d2/src/measure-context.ts (day 2's solution, finished) by
// `pnpm starter d2`. Do not edit it here: change the solution and run that again.
import type { Message } from '@agent-course/core';

/** What a conversation weighs, in characters of text the model is sent again. */
export interface ContextSize {
  /** Every message's text and every call's name and arguments. */
  chars: number;
  /** The part of it that tool results take. */
  toolResultChars: number;
}

/**
 * Weighs what the next request resends. The whole conversation goes out every turn, so a line
 * sent once is paid for again on every turn after it; this makes that cost visible.
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
