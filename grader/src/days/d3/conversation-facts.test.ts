import { describe, expect, it } from 'vitest';
import { endsWithConclusion, findPairingProblem } from './conversation-facts';
import type { TranscriptMessage } from './lab-transcript';

const call = (id: string) => ({ id, name: 'glob', args: '{}' });

describe('findPairingProblem', () => {
  it('accepts calls answered right after their assistant message, in any order', () => {
    const messages: TranscriptMessage[] = [
      { role: 'assistant', content: '', toolCalls: [call('a'), call('b')] },
      { role: 'tool', content: 'B', toolCallId: 'b' },
      { role: 'tool', content: 'A', toolCallId: 'a' },
      { role: 'assistant', content: 'done', toolCalls: [] },
    ];
    expect(findPairingProblem(messages)).toBeUndefined();
    expect(endsWithConclusion(messages)).toBe(true);
  });

  it('names a call left unanswered or answered twice', () => {
    const missing: TranscriptMessage[] = [
      { role: 'assistant', content: '', toolCalls: [call('a')] },
    ];
    const twice: TranscriptMessage[] = [
      ...missing,
      { role: 'tool', content: '', toolCallId: 'a' },
      { role: 'tool', content: '', toolCallId: 'a' },
    ];
    expect(findPairingProblem(missing)).toContain('requested [a] but was answered by []');
    expect(findPairingProblem(twice)).toContain('answered by [a, a]');
    expect(endsWithConclusion(twice)).toBe(false);
  });
});
