import type { Message } from '@agent-course/core';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

/**
 * The conversation as the Chat Completions API takes it: the SDK's message shapes, one for one,
 * in the same order. The kit's names are camelCase; the wire's are the API's own.
 */
export function toChatMessages(messages: Message[]): ChatCompletionMessageParam[] {
  // TODO(1): toChatMessages: write the conversation in the API's own message shapes
  //   One wire message per message, in order. system and user carry their content as it is. A tool
  //   message names the call it answers as tool_call_id. An assistant message without calls sends
  //   no tool_calls field at all (several providers refuse []); one with calls sends each as { id,
  //   type: "function", function: { name, arguments } }, the arguments exactly as the model wrote
  //   them (a string, valid JSON or not), and content null when it wrote no text.
  // Right for a chat of plain text; a tool call and its result lose what ties them together.
  return messages.map(
    (message) => ({ role: message.role, content: message.content }) as ChatCompletionMessageParam,
  );
}
