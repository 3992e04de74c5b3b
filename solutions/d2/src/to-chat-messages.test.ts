import { describe, expect, it } from 'vitest';
import { toChatMessages } from './to-chat-messages';

describe('toChatMessages', () => {
  it('converts every role to the wire format', () => {
    expect(
      toChatMessages([
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'why are the tests red?' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [
            { id: 'call_1', name: 'glob', args: '{"pattern":"**/*.js"}' },
            { id: 'call_2', name: 'grep', args: '{"pattern":' },
          ],
        },
        { role: 'tool', toolCallId: 'call_1', content: 'src/calc.js' },
        { role: 'tool', toolCallId: 'call_2', content: 'invalid JSON' },
        { role: 'assistant', content: 'The bug is in divide.', toolCalls: [] },
      ]),
    ).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'why are the tests red?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'glob', arguments: '{"pattern":"**/*.js"}' },
          },
          { id: 'call_2', type: 'function', function: { name: 'grep', arguments: '{"pattern":' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'src/calc.js' },
      { role: 'tool', tool_call_id: 'call_2', content: 'invalid JSON' },
      { role: 'assistant', content: 'The bug is in divide.' },
    ]);
  });

  it('keeps the text of a turn that both wrote and called', () => {
    expect(
      toChatMessages([
        {
          role: 'assistant',
          content: 'Let me look.',
          toolCalls: [{ id: 'c', name: 'glob', args: '{}' }],
        },
      ]),
    ).toEqual([
      {
        role: 'assistant',
        content: 'Let me look.',
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'glob', arguments: '{}' } }],
      },
    ]);
  });

  it('sends no tool_calls field at all for a turn without calls', () => {
    const [wire] = toChatMessages([{ role: 'assistant', content: 'done', toolCalls: [] }]);
    expect(wire).not.toHaveProperty('tool_calls');
  });
});
