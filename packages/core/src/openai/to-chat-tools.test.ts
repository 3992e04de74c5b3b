import { describe, expect, it } from 'vitest';
import { toChatTools } from './to-chat-tools';

describe('toChatTools', () => {
  it('wraps each tool as a function tool', () => {
    const parameters = {
      type: 'object',
      properties: { pattern: { type: 'string' } },
      required: ['pattern'],
      additionalProperties: false,
    };
    expect(toChatTools([{ name: 'glob', description: 'Lists files.', parameters }])).toEqual([
      { type: 'function', function: { name: 'glob', description: 'Lists files.', parameters } },
    ]);
  });

  it('turns no tools into an empty list', () => {
    expect(toChatTools([])).toEqual([]);
  });
});
