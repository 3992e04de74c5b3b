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

  it('repeats no stretch of twelve characters', () => {
    const text = nonRepetitiveText(50_000);
    const seen = new Set<string>();
    for (let start = 0; start + 12 <= text.length; start++) {
      const stretch = text.slice(start, start + 12);
      expect(seen.has(stretch)).toBe(false);
      seen.add(stretch);
    }
  });
});
