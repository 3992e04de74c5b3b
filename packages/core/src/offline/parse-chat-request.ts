import { z } from 'zod';
import type { Message } from '../protocol/message';

/** Text content as clients send it: a string, nothing, or a list of text parts. */
const WireContent = z
  .union([
    z.string(),
    z.null(),
    z.array(z.object({ type: z.string(), text: z.string().optional() })),
  ])
  .optional();
type WireContent = z.infer<typeof WireContent>;

const WireToolCall = z.object({
  id: z.string(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

/** The part of a Chat Completions request body the scripted model reads. */
export const ChatRequest = z.object({
  messages: z.array(
    z.discriminatedUnion('role', [
      z.object({ role: z.literal('system'), content: WireContent }),
      z.object({ role: z.literal('developer'), content: WireContent }),
      z.object({ role: z.literal('user'), content: WireContent }),
      z.object({
        role: z.literal('assistant'),
        content: WireContent,
        tool_calls: z.array(WireToolCall).optional(),
      }),
      z.object({ role: z.literal('tool'), tool_call_id: z.string(), content: WireContent }),
    ]),
  ),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

/**
 * Reads a request body back into core messages: the inverse of a `MessageWriter`, so a scripted
 * step sees the conversation the way the agent wrote it.
 */
export function parseChatRequest(
  body: unknown,
): { ok: true; messages: Message[] } | { ok: false; error: string } {
  const parsed = ChatRequest.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      error: `the request body is not a Chat Completions request (${z.prettifyError(parsed.error).replaceAll('\n', ' ')}); send an object with a messages array`,
    };
  }
  const messages = parsed.data.messages.map((message): Message => {
    const content = joinText(message.content);
    switch (message.role) {
      case 'system':
      case 'developer':
        return { role: 'system', content };
      case 'user':
        return { role: 'user', content };
      case 'tool':
        return { role: 'tool', toolCallId: message.tool_call_id, content };
      case 'assistant':
        return {
          role: 'assistant',
          content,
          toolCalls: (message.tool_calls ?? []).map((call) => ({
            id: call.id,
            name: call.function.name,
            args: call.function.arguments,
          })),
        };
    }
  });
  return { ok: true, messages };
}

function joinText(content: WireContent): string {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}
