import { describe, expect, it } from 'vitest';
import { findLoneSurrogate } from './find-lone-surrogate';
import { splitsCharacter } from './splits-character';

describe('findLoneSurrogate and splitsCharacter', () => {
  it('finds a half of a character alone, never one of a pair, and writes it out', () => {
    expect(findLoneSurrogate('a😀b 中 é')).toBeUndefined();
    expect(findLoneSurrogate('')).toBeUndefined();
    expect(findLoneSurrogate('\ud83d')).toEqual({ index: 0, writtenOut: '\\ud83d' });
    expect(findLoneSurrogate('😀\ude00')).toEqual({ index: 2, writtenOut: '\\ude00' });
    // Two halves in the wrong order are two lone halves.
    expect(findLoneSurrogate('x\ude00\ud83d')).toEqual({ index: 1, writtenOut: '\\ude00' });
  });

  it('says a position between the two halves of one character splits it', () => {
    const text = 'a😀b'; // a, \ud83d, \ude00, b
    expect([0, 1, 2, 3, 4].map((index) => splitsCharacter({ text, index }))).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(splitsCharacter({ text: '', index: 0 })).toBe(false);
  });
});
