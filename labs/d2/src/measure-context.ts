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
  // TODO(3): measureContext: weigh what the next request resends, in characters
  //   Add up every message's content, and for an assistant message each call's name and arguments
  //   too: all of it goes out again with the next request. Count tool messages apart as
  //   toolResultChars as well (they are part of chars).
  return { chars: 0, toolResultChars: 0 };
}
