import { describe, expect, it } from 'vitest';
import { nonRepetitiveText } from './non-repetitive-text';

describe('nonRepetitiveText', () => {
  it('has exactly the length asked for, whichever length was asked for before', () => {
    const long = nonRepetitiveText(30_001);
    const short = nonRepetitiveText(7);
    expect(long).toHaveLength(30_001);
    expect(short).toHaveLength(7);
    expect(long.startsWith(short)).toBe(true);
    expect(nonRepetitiveText(0)).toBe('');
  });

  it('is made of distinct numbered words, so no stretch of twelve characters repeats', () => {
    // Up to the longest text the checks ask for: past the 36th block, whose number has two digits.
    const text = nonRepetitiveText(400_000);
    const words = text.split(/[ \n]/).slice(0, -1);
    const numbered = (index: number) =>
      `w${Math.floor(index / 1296).toString(36)}${(index % 1296).toString(36).padStart(2, '0')}`;
    const misnumbered = words.findIndex((word, index) => word !== numbered(index));
    expect(misnumbered === -1 ? 'all in order' : `word ${misnumbered}: ${words[misnumbered]}`).toBe(
      'all in order',
    );
    const seen = new Set<string>();
    const repeated: string[] = [];
    for (let start = 0; start + 12 <= text.length; start++) {
      const stretch = text.slice(start, start + 12);
      if (seen.has(stretch)) repeated.push(stretch);
      seen.add(stretch);
    }
    expect(repeated).toEqual([]);
  });
});
