import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Message } from '../protocol/message';

/**
 * How the model client writes the conversation for the wire: the API's own message shapes. Day 2's
 * students write it; every later day runs on day 2's finished one (`@agent-course/finished-d2`),
 * handed to the client through this seam, as day 1's reader is.
 */
export interface MessageWriter {
  /** The conversation in the API's shapes, one wire message per message, in order. */
  toChatMessages(messages: Message[]): ChatCompletionMessageParam[];
}

/**
 * The writer of day 1, which sends one question and comes before the day that writes the rest:
 * instructions and the person's lines, which go out as they are. Any other message is refused:
 * only a later day sends one, and it hands the client day 2's writer.
 */
export const questionWriter: MessageWriter = {
  toChatMessages: (messages) =>
    messages.map((message) => {
      if (message.role === 'system' || message.role === 'user') {
        return { role: message.role, content: message.content };
      }
      throw new Error(
        `questionWriter writes questions only, not a ${message.role} message: a day that sends a conversation hands the model client day 2's writer (messageWriter from @agent-course/finished-d2)`,
      );
    }),
};
