import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { isRawEvent } from './raw-event';

type WireFragment = ChatCompletionChunk.Choice.Delta.ToolCall;

/** A tool call of a whole completion, as a server assembles it. */
interface AssembledCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: unknown };
}

/**
 * What a non-streaming endpoint would answer instead of these chunks: one completion with the
 * text joined and the calls assembled by index. It lets the loopback server answer `stream: false`
 * requests from the same scripts and recordings as streaming ones. Raw events are left out.
 */
export function chunksToCompletion(chunks: unknown[]): Record<string, unknown> {
  const parsed = chunks.filter(
    (item): item is Partial<ChatCompletionChunk> =>
      typeof item === 'object' && item !== null && !isRawEvent(item),
  );
  let content = '';
  let finishReason: string | null = null;
  let usage: unknown;
  const calls = new Map<number, AssembledCall>();
  for (const chunk of parsed) {
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    if (typeof choice.delta?.content === 'string') content += choice.delta.content;
    for (const fragment of choice.delta?.tool_calls ?? []) addFragment(calls, fragment);
    const reason: string | null | undefined = choice.finish_reason;
    if (typeof reason === 'string' && reason !== '') finishReason = reason;
  }
  const first = parsed[0];
  const toolCalls = [...calls.entries()].sort(([left], [right]) => left - right);
  return {
    id: first?.id ?? 'chatcmpl-loopback',
    object: 'chat.completion',
    created: first?.created ?? 0,
    model: first?.model ?? 'loopback',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: content === '' && toolCalls.length > 0 ? null : content,
          refusal: null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls.map(([, call]) => call) } : {}),
        },
        finish_reason: finishReason,
        logprobs: null,
      },
    ],
    ...(usage ? { usage } : {}),
  };
}

function addFragment(calls: Map<number, AssembledCall>, fragment: WireFragment): void {
  // A fragment without an index continues the latest call unless it brings a new id.
  const latest = Math.max(-1, ...calls.keys());
  const index = fragment.index ?? (fragment.id || latest < 0 ? latest + 1 : latest);
  const call = calls.get(index) ?? {
    id: '',
    type: 'function',
    function: { name: '', arguments: '' },
  };
  if (fragment.id) call.id = fragment.id;
  if (fragment.function?.name) call.function.name = fragment.function.name;
  const args: unknown = fragment.function?.arguments;
  if (typeof args === 'string' && typeof call.function.arguments === 'string') {
    call.function.arguments += args;
  } else if (args !== undefined && args !== null && typeof args !== 'string') {
    call.function.arguments = args;
  }
  calls.set(index, call);
}
