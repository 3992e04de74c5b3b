import type { Message } from '@agent-course/core';

/** A finished conversation and the request bodies the model endpoint received for it. */
export interface FindMessageProblemsOptions {
  /** The conversation as runAgent returned it. */
  messages: Message[];
  /** Every request body the endpoint received, parsed from JSON; none when not recorded. */
  requestBodies?: unknown[];
}

/**
 * The rules every conversation must keep, whatever the stream looked like, as a list of broken
 * ones (empty when all hold). A provider rejects the next request when an assistant message's
 * calls are not answered one for one, and `meta` is for the terminal: sending it would cost
 * tokens and, on strict endpoints, fail the request. Tests assert the list is empty.
 */
export function findMessageProblems({
  messages,
  requestBodies = [],
}: FindMessageProblemsOptions): string[] {
  const problems: string[] = [];
  let open: string[] = []; // ids of the last assistant message's calls not yet answered
  messages.forEach((message, position) => {
    if ('meta' in message) problems.push(`message ${position} (${message.role}) has a meta field`);
    if (message.role === 'assistant') {
      if (open.length > 0) problems.push(`calls ${open.join(', ')} were never answered`);
      open = message.toolCalls.map((call) => call.id);
      const unique = new Set(open);
      if (unique.size !== open.length) {
        problems.push(`message ${position} repeats a call id: ${open.join(', ')}`);
      }
      return;
    }
    if (message.role !== 'tool') return;
    const answered = open.indexOf(message.toolCallId);
    if (answered === -1) {
      problems.push(
        `tool message ${position} answers ${message.toolCallId}, which is not an open call of the assistant message before it`,
      );
      return;
    }
    open.splice(answered, 1);
  });
  if (open.length > 0) problems.push(`calls ${open.join(', ')} were never answered`);
  requestBodies.forEach((body, position) => {
    if (hasMetaKey(body)) problems.push(`request ${position + 1} sent a meta field to the model`);
  });
  return problems;
}

function hasMetaKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasMetaKey);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key === 'meta' || hasMetaKey(inner));
}
