import { describe, expect, it } from 'vitest';
import { carriedOnToConclusion, endsWithConclusion } from './conversation-facts';
import type { TranscriptMessage } from '../beside-lab/lab-transcript';

const call = (id: string) => ({ id, name: 'glob', args: '{}' });

describe('endsWithConclusion', () => {
  it('holds for assistant text without calls, and not after an unanswered call', () => {
    const answered: TranscriptMessage[] = [
      { role: 'assistant', content: '', toolCalls: [call('a')] },
      { role: 'tool', content: 'A', toolCallId: 'a' },
      { role: 'assistant', content: 'done', toolCalls: [] },
    ];
    expect(endsWithConclusion(answered)).toBe(true);
    expect(endsWithConclusion(answered.slice(0, 2))).toBe(false);
    expect(endsWithConclusion([{ role: 'assistant', content: ' ', toolCalls: [] }])).toBe(false);
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
