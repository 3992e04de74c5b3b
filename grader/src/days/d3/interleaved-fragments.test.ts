import { describe, expect, it } from 'vitest';
import { EXPECTED_CALLS, interleavedFragments } from './interleaved-fragments';

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
