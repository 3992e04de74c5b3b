import { describe, expect, it } from 'vitest';
import type { ToolCall } from '@agent-course/core';
import { MAX_DESCRIBED_CALLS } from '../../../beside-lab/limits';
import {
  type CallLike,
  describeCalls,
  EXPECTED_CALLS,
  interleavedFragments,
  SAME_INDEX_CALLS,
  sameIndexFragments,
} from './interleaved-fragments';

describe('interleavedFragments', () => {
  const fragments = interleavedFragments();

  it('carries exactly the expected calls when joined by index', () => {
    const joined = [1, 2].map((index) =>
      fragments
        .filter((delta) => delta.index === index)
        .map((delta) => delta.argsDelta ?? '')
        .join(''),
    );
    expect(joined).toEqual(EXPECTED_CALLS.map((call) => call.args));
  });

  it('starts at index 1, sends the second head first, and cuts inside escapes', () => {
    expect(Math.min(...fragments.map((delta) => delta.index))).toBe(1);
    expect(fragments[0]?.index).toBe(2);
    const pieces = fragments.map((delta) => delta.argsDelta ?? '');
    expect(pieces.some((piece) => piece.endsWith('\\'))).toBe(true);
    expect(pieces.some((piece) => piece !== '' && !isJson(piece))).toBe(true);
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('sameIndexFragments', () => {
  it('sends both calls at index 0, told apart only by their ids', () => {
    const fragments = sameIndexFragments();
    expect(new Set(fragments.map((delta) => delta.index))).toEqual(new Set([0]));
    expect(fragments.filter((delta) => delta.id).map((delta) => delta.id)).toEqual(
      SAME_INDEX_CALLS.map((call) => call.id),
    );
    expect(fragments.map((delta) => delta.argsDelta ?? '').join('')).toBe(
      SAME_INDEX_CALLS.map((call) => call.args).join(''),
    );
  });
});

describe('describeCalls', () => {
  it('shows an empty call and a nameless one instead of printing nothing', () => {
    expect(
      describeCalls([
        { id: '', name: '', args: '' },
        { id: 'call_2', name: '', args: '{"p' },
        { id: 'call_3', name: 'glob', args: '{}' },
      ]),
    ).toBe('<empty call at index 0> | <no name>#call_2 {"p | glob#call_3 {}');
  });

  it('names the id or arguments a call lacks instead of printing a doubled space', () => {
    expect(
      describeCalls([
        { id: 'call_1', name: 'glob', args: '' },
        { id: '', name: 'grep', args: '{}' },
      ]),
    ).toBe('glob#call_1 <no arguments> | grep#<no id> {}');
  });

  it('shows the hole an array written at calls[delta.index] leaves, and a missing call', () => {
    const sparse: ToolCall[] = [];
    sparse[1] = { id: 'call_1', name: 'glob', args: '{}' };
    sparse[3] = { id: 'call_3', name: 'grep', args: '{}' };
    expect(describeCalls(sparse)).toBe(
      '<empty call at index 0> | glob#call_1 {} | <empty call at index 2> | grep#call_3 {}',
    );
    expect(describeCalls([null])).toBe('<empty call at index 0>');
  });

  it('shows a list the same once it has crossed from the check process as JSON (holes as null)', () => {
    const sparse: ToolCall[] = [];
    sparse[1] = { id: 'call_1', name: 'glob', args: '{}' };
    const erased = [{ id: 'call_2', name: undefined as unknown as string, args: '{"p' }];
    for (const calls of [sparse, erased]) {
      const crossed = JSON.parse(JSON.stringify(calls)) as Array<CallLike | null>;
      expect(describeCalls(crossed)).toBe(describeCalls(calls));
    }
  });

  it('lists the first calls of a long list and counts the rest', () => {
    const calls = Array.from({ length: MAX_DESCRIBED_CALLS + 5 }, (_, position) => ({
      id: `call_${position}`,
      name: '',
      args: `{"p${position}`,
    }));
    const described = describeCalls(calls);
    expect(described.split(' | ')).toHaveLength(MAX_DESCRIBED_CALLS + 1);
    expect(described).toContain(`<no name>#call_${MAX_DESCRIBED_CALLS - 1} `);
    expect(described).not.toContain(`#call_${MAX_DESCRIBED_CALLS} `);
    expect(described.endsWith(` | 5 more calls (${MAX_DESCRIBED_CALLS + 5} in all)`)).toBe(true);
    // A list just at the limit is listed whole.
    expect(describeCalls(calls.slice(0, MAX_DESCRIBED_CALLS))).not.toContain('more calls');
  });
});
