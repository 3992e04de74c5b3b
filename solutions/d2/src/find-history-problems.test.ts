import { describe, expect, it } from 'vitest';
import type { Message } from '@agent-course/core';
import { findHistoryProblems } from './find-history-problems';

const system: Message = { role: 'system', content: 'Be brief.' };
const user = (content: string): Message => ({ role: 'user', content });
const answer = (content: string): Message => ({ role: 'assistant', content, toolCalls: [] });
const calling = (...ids: string[]): Message => ({
  role: 'assistant',
  content: '',
  toolCalls: ids.map((id) => ({ id, name: 'glob', args: '{}' })),
});
const result = (toolCallId: string): Message => ({ role: 'tool', toolCallId, content: 'a.ts' });

describe('findHistoryProblems', () => {
  it.each([
    ['a first line', [system, user('hi')]],
    ['a chat of turns', [system, user('hi'), answer('hello'), user('and?')]],
    ['no instructions at all', [user('hi')]],
    [
      'calls answered right after, in any order',
      [system, user('look'), calling('a', 'b'), result('b'), result('a')],
    ],
    [
      'a turn after the results',
      [system, user('look'), calling('a'), result('a'), answer('found it'), user('thanks')],
    ],
  ])('sends %s', (_, messages) => {
    expect(findHistoryProblems(messages)).toEqual([]);
  });

  it.each([
    ['an orphan tool message', [system, user('hi'), result('call_9')], 'message 3 (tool)'],
    [
      'a system message not first',
      [user('hi'), answer('hello'), system, user('and?')],
      'message 3 (system)',
    ],
    ['two user messages in a row', [system, user('hi'), user('hi again')], 'message 3 (user)'],
    ['an answer to nothing', [system, answer('hello'), user('hi')], 'message 2 (assistant)'],
    [
      'two answers in a row',
      [system, user('hi'), answer('a'), answer('b'), user('c')],
      'message 4 (assistant)',
    ],
    [
      'a call never answered',
      [system, user('look'), calling('a', 'b'), result('a'), user('well?')],
      'message 3 (assistant)',
    ],
    [
      'a result after another message',
      [system, user('look'), calling('a'), user('well?'), result('a')],
      'message 5 (tool)',
    ],
    [
      'one id for two calls',
      [system, user('look'), calling('a', 'a'), result('a'), result('a')],
      'message 3 (assistant)',
    ],
    ['the answer last', [system, user('hi'), answer('hello')], 'message 3 (assistant)'],
  ])('refuses %s, naming the message', (_, messages, named) => {
    const problems = findHistoryProblems(messages as Message[]);
    expect(problems.join('\n')).toContain(named);
  });

  it('refuses a history with no line from the person to answer', () => {
    expect(findHistoryProblems([system])).not.toEqual([]);
  });
});
