import { describe, expect, it } from 'vitest';
import { measureContext } from './measure-context';

describe('measureContext', () => {
  it('counts every text, call name and argument, and tool results apart', () => {
    expect(
      measureContext([
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'why?' },
        { role: 'assistant', content: 'look', toolCalls: [{ id: 'c1', name: 'glob', args: '{}' }] },
        { role: 'tool', toolCallId: 'c1', content: 'a.js\nb.js' },
        { role: 'assistant', content: 'done', toolCalls: [] },
      ]),
    ).toEqual({ chars: 3 + 4 + 4 + 4 + 2 + 9 + 4, toolResultChars: 9 });
  });

  it('weighs an empty conversation as nothing', () => {
    expect(measureContext([])).toEqual({ chars: 0, toolResultChars: 0 });
  });
});
