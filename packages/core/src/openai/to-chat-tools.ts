import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { ModelTool } from '../protocol/tool-def';

/** Converts tools to the Chat Completions wire format. */
export function toChatTools(tools: ModelTool[]): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}
