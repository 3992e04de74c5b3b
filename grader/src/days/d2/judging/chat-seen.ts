import { z } from 'zod';

/** A message as a request or the lab's result carried it: read loosely, judged by the checks. */
export const MessageSeen = z.looseObject({
  role: z.string(),
  content: z.unknown(),
  toolCalls: z.unknown().optional(),
  toolCallId: z.unknown().optional(),
});
export type MessageSeen = z.infer<typeof MessageSeen>;

/** What run-chat answers: what each request carried, what each turn showed, how the chat ended. */
export const ChatSeen = z.strictObject({
  requests: z.array(z.array(MessageSeen).nullable()),
  turns: z.array(
    z.strictObject({ shown: z.array(z.string()), shownAfterStop: z.array(z.string()) }),
  ),
  otherEvents: z.array(z.looseObject({ type: z.string() })),
  stopReason: z.unknown(),
  error: z.string().optional(),
  messages: z.array(MessageSeen).nullable(),
  note: z.string(),
});
export type ChatSeen = z.infer<typeof ChatSeen>;

/** The roles of a list of messages, as a failed check shows them: `system, user, assistant`. */
export function describeRoles(messages: ReadonlyArray<{ role: string }> | null): string {
  if (messages === null) return 'no list of messages';
  return messages.length === 0 ? 'no messages' : messages.map((message) => message.role).join(', ');
}
