import { describe, expect, it } from 'vitest';
import {
  carriedOnToConclusion,
  endsWithConclusion,
  findPairingProblem,
} from './conversation-facts';
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

describe('carriedOnToConclusion', () => {
  const failed: TranscriptMessage[] = [
    { role: 'assistant', content: '', toolCalls: [call('a')] },
    { role: 'tool', content: 'there is no tool named x', toolCallId: 'a' },
  ];
  const transcript = (messages: TranscriptMessage[], stopReason = 'done') => ({
    question: 'q',
    stopReason,
    messages,
    results: [],
  });

  it('holds when the model answers after the failure and the run ends done', () => {
    const messages = [...failed, { role: 'assistant' as const, content: 'so', toolCalls: [] }];
    expect(carriedOnToConclusion({ transcript: transcript(messages), after: 1 })).toBe(true);
  });

  it('fails when the run stopped at the failure, or ended any other way', () => {
    expect(carriedOnToConclusion({ transcript: transcript(failed), after: 1 })).toBe(false);
    const messages = [...failed, { role: 'assistant' as const, content: 'so', toolCalls: [] }];
    expect(carriedOnToConclusion({ transcript: transcript(messages, 'max-turns'), after: 1 })).toBe(
      false,
    );
  });
});
