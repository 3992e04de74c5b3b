import type { MessageWriter } from '@agent-course/core';
import { toChatMessages } from './to-chat-messages';

/** Day 2's writer, handed to the model client: how the conversation goes on the wire. */
export const messageWriter: MessageWriter = { toChatMessages };
