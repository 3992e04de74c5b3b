import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Message } from '../protocol/message';

/** Converts the conversation to the Chat Completions wire format. */
export function toChatMessages(messages: Message[]): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
      case 'user':
        return { role: message.role, content: message.content };
      case 'tool':
        return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
      case 'assistant': {
        // Several providers reject `tool_calls: []`, so a turn without calls sends no such field.
        if (message.toolCalls.length === 0) return { role: 'assistant', content: message.content };
        return {
          role: 'assistant',
          // A turn that only called tools has no text; null is what the API itself sends back.
          content: message.content === '' ? null : message.content,
          tool_calls: message.toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            // The raw text as the model wrote it, even if it is not valid JSON: the model should
            // see its own mistake next to the error it caused.
            function: { name: call.name, arguments: call.args },
          })),
        };
      }
    }
  });
}
