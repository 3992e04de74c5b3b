// Generated from solutions/d2/src/to-chat-messages.ts (day 2's solution, finished) by
// `pnpm starter d2`. Do not edit it here: change the solution and run that again.
import type { Message } from '@agent-course/core';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

/**
 * The conversation as the Chat Completions API takes it: the SDK's message shapes, one for one,
 * in the same order. The kit's names are camelCase; the wire's are the API's own.
 */
export function toChatMessages(messages: Message[]): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
      case 'user':
        return { role: message.role, content: message.content };
      case 'tool':
        return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
      case 'assistant': {
        // `tool_calls: []` is refused by several providers: a turn without calls has no such field.
        if (message.toolCalls.length === 0) return { role: 'assistant', content: message.content };
        return {
          role: 'assistant',
          // A turn that only asked for tools wrote no text, and the API's own answer says null.
          content: message.content === '' ? null : message.content,
          tool_calls: message.toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            // As the model wrote it, valid JSON or not: the model should see its own mistake
            // next to the error it caused, not a repaired copy.
            function: { name: call.name, arguments: call.args },
          })),
        };
      }
    }
  });
}
