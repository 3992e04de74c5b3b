import { describe, expect, it } from 'vitest';
import type { Message } from '../protocol/message';
import { parseChatRequest } from './parse-chat-request';
import { plainWriter } from '../testing/plain-writer';

describe('parseChatRequest', () => {
  it('reads back exactly what a writer wrote', () => {
    const messages: Message[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'why?' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'glob', args: '{"p' }] },
      { role: 'tool', toolCallId: 'c1', content: 'invalid JSON' },
      { role: 'assistant', content: 'Because.', toolCalls: [] },
    ];
    expect(
      parseChatRequest({ model: 'm', messages: plainWriter.toChatMessages(messages) }),
    ).toEqual({
      ok: true,
      messages,
    });
  });

  it('joins text parts and treats developer messages as system ones', () => {
    expect(
      parseChatRequest({
        messages: [
          { role: 'developer', content: 'Rules.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
        ],
      }),
    ).toEqual({
      ok: true,
      messages: [
        { role: 'system', content: 'Rules.' },
        { role: 'user', content: 'ab' },
      ],
    });
  });

  it('says what is wrong with a body that is not a chat request', () => {
    const result = parseChatRequest({ prompt: 'hi' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(
        /^the request body is not a Chat Completions request \(.*messages/,
      );
  });
});
