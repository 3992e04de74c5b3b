import { describe, expect, it } from 'vitest';
import type { Message } from './message';
import { findMessageProblems } from './find-message-problems';

const call = (id: string) => ({ id, name: 'glob', args: '{}' });
const opening: Message[] = [
  { role: 'system', content: 'tools' },
  { role: 'user', content: 'why?' },
];

describe('findMessageProblems', () => {
  it('finds nothing wrong when every call is answered once', () => {
    const messages: Message[] = [
      ...opening,
      { role: 'assistant', content: '', toolCalls: [call('a'), call('b')] },
      { role: 'tool', toolCallId: 'b', content: 'x' },
      { role: 'tool', toolCallId: 'a', content: 'y' },
      { role: 'assistant', content: 'done', toolCalls: [] },
    ];
    expect(findMessageProblems({ messages, requestBodies: [{ messages: [] }] })).toEqual([]);
  });

  it('names an unanswered call, a doubly answered one and a repeated id', () => {
    const messages: Message[] = [
      ...opening,
      { role: 'assistant', content: '', toolCalls: [call('a'), call('a'), call('b')] },
      { role: 'tool', toolCallId: 'a', content: 'x' },
      { role: 'tool', toolCallId: 'a', content: 'x' },
      { role: 'tool', toolCallId: 'a', content: 'x' },
    ];
    expect(findMessageProblems({ messages })).toEqual([
      'message 2 repeats a call id: a, a, b',
      'tool message 5 answers a, which is not an open call of the assistant message before it',
      'calls b were never answered',
    ]);
  });

  it('needs the answers right after their assistant message, before anything else', () => {
    const messages: Message[] = [
      ...opening,
      { role: 'assistant', content: '', toolCalls: [call('a')] },
      { role: 'user', content: 'hurry up' },
      { role: 'tool', toolCallId: 'a', content: 'x' },
    ];
    expect(findMessageProblems({ messages })).toEqual([
      'calls a were never answered',
      'tool message 4 answers a, which is not an open call of the assistant message before it',
    ]);
  });

  it('reads a transcript whose messages leave out the fields of other roles', () => {
    const transcript = [
      { role: 'user' as const, content: 'why?' },
      { role: 'assistant' as const, content: '', toolCalls: [call('a')] },
      { role: 'tool' as const, content: 'x' },
    ];
    expect(findMessageProblems({ messages: transcript })).toEqual([
      'tool message 2 does not say which call it answers',
      'calls a were never answered',
    ]);
  });

  it('finds meta on a message and anywhere in a request body', () => {
    const withMeta = { role: 'tool', toolCallId: 'a', content: 'x', meta: {} } as Message;
    const messages: Message[] = [
      ...opening,
      { role: 'assistant', content: '', toolCalls: [call('a')] },
      withMeta,
    ];
    const requestBodies = [
      { messages: [{ role: 'tool', content: 'x', meta: { truncated: true } }] },
    ];
    expect(findMessageProblems({ messages, requestBodies })).toEqual([
      'message 3 (tool) has a meta field',
      'request 1 sent a meta field to the model',
    ]);
  });
});

describe('findMessageProblems on the order of messages', () => {
  const line = (content: string): Message => ({ role: 'user', content });
  const answer = (content: string): Message => ({ role: 'assistant', content, toolCalls: [] });

  it.each([
    [
      'instructions not first',
      [line('a'), answer('b'), { role: 'system', content: 's' }, line('c')],
      'message 2 (system) is not first',
    ],
    [
      'two lines in a row',
      [...opening, line('again')],
      'message 2 (user) follows another user message',
    ],
    [
      'two answers in a row',
      [...opening, answer('a'), answer('b')],
      'message 3 (assistant) follows another assistant message',
    ],
    [
      'an answer to nothing',
      [{ role: 'system', content: 's' } as Message, answer('a')],
      'message 1 (assistant) answers nothing',
    ],
  ])('names %s', (_, messages, named) => {
    expect(findMessageProblems({ messages: messages as Message[] }).join('\n')).toContain(named);
  });

  it('takes a chat that was stopped halfway, kept as the turn it was', () => {
    const messages: Message[] = [
      ...opening,
      answer('Part [stopped]'),
      line('go on'),
      answer('done'),
    ];
    expect(findMessageProblems({ messages })).toEqual([]);
  });
});
