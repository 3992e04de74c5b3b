import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';

/**
 * Turns a whole (non-streamed) completion into the one chunk a stream would have carried, so a
 * non-streaming endpoint goes through the same conversion as a streaming one. Its tool calls get
 * their position as index, since a whole message needs none.
 */
export function completionToChunks(completion: ChatCompletion): ChatCompletionChunk[] {
  const base = {
    id: completion.id,
    object: 'chat.completion.chunk' as const,
    created: completion.created,
    model: completion.model,
    ...(completion.usage ? { usage: completion.usage } : {}),
  };
  const choice = completion.choices?.[0];
  if (!choice) return [{ ...base, choices: [] }];
  const message = choice.message ?? { content: null };
  const toolCalls = (message.tool_calls ?? []).flatMap((call, index) =>
    call.type === 'custom'
      ? []
      : [{ index, id: call.id, type: 'function' as const, function: call.function }],
  );
  return [
    {
      ...base,
      choices: [
        {
          index: 0,
          delta: {
            role: 'assistant',
            content: message.content ?? null,
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          },
          finish_reason: choice.finish_reason ?? null,
          logprobs: null,
        },
      ],
    },
  ];
}
