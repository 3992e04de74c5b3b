// Generated from solutions/d2/src/message-writer.ts (day 2's solution, finished) by
// `pnpm starter d2`. Do not edit it here: change the solution and run that again.
import type { MessageWriter } from '@agent-course/core';
import { toChatMessages } from './to-chat-messages';

/** Day 2's writer, handed to the model client: how the conversation goes on the wire. */
export const messageWriter: MessageWriter = { toChatMessages };
