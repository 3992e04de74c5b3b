import type { MessageWriter } from '../openai/message-writer';

/**
 * For tests of what runs around a message writer (core's client, the scripted model): the plainest
 * one that ties results to their calls, so they can send a whole conversation without depending on
 * a day. It skips what a real endpoint is particular about (no `tool_calls: []`, null content on a
 * turn that only called tools); the writer with those rules is day 2's
 * (`@agent-course/finished-d2`), tested there.
 */
export const plainWriter: MessageWriter = {
  toChatMessages: (messages) =>
    messages.map((message) => {
      if (message.role === 'tool') {
        return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
      }
      if (message.role !== 'assistant') return { role: message.role, content: message.content };
      const tool_calls = message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function' as const,
        function: { name: call.name, arguments: call.args },
      }));
      return { role: 'assistant', content: message.content, tool_calls };
    }),
};
