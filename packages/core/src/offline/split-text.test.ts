import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../mulberry32';
import { splitText } from './split-text';

const ARGS = String.raw`{"pattern":"say \"hi\"\n","path":"src/a\\b.js","note":"caf\u00e9 😀"}`;

describe('splitText', () => {
  it('returns the asked number of non-empty pieces that join back to the text', () => {
    for (let seed = 0; seed < 50; seed += 1) {
      const pieces = splitText({ text: ARGS, pieces: 9, random: mulberry32(seed) });
      expect(pieces).toHaveLength(9);
      expect(pieces.every((piece) => piece.length > 0)).toBe(true);
      expect(pieces.join('')).toBe(ARGS);
    }
  });

  it('gives the same pieces for the same seed', () => {
    const first = splitText({ text: ARGS, pieces: 7, random: mulberry32(42) });
    expect(splitText({ text: ARGS, pieces: 7, random: mulberry32(42) })).toEqual(first);
    expect(splitText({ text: ARGS, pieces: 7, random: mulberry32(43) })).not.toEqual(first);
  });

  it('cuts inside a string value and inside an escape sequence for some seed', () => {
    const cutsEscape = (pieces: string[]) =>
      pieces.slice(0, -1).some((piece) => /(^|[^\\])(\\\\)*\\$/.test(piece));
    const cutsInsideString = (pieces: string[]) =>
      pieces
        .slice(0, -1)
        .some((piece, index) => /[a-z]$/.test(piece) && /^[a-z]/.test(pieces[index + 1] ?? ''));
    const seed = Array.from({ length: 200 }, (_, index) => index).find((candidate) => {
      const pieces = splitText({ text: ARGS, pieces: 12, random: mulberry32(candidate) });
      return cutsEscape(pieces) && cutsInsideString(pieces);
    });
    expect(seed).toBeDefined();
    expect(splitText({ text: ARGS, pieces: 12, random: mulberry32(seed ?? 0) }).join('')).toBe(
      ARGS,
    );
  });

  it('never separates a surrogate pair', () => {
    const emoji = '😀😀😀';
    const pieces = splitText({ text: emoji, pieces: 6, random: mulberry32(3) });
    expect(pieces).toEqual(['😀', '😀', '😀']);
  });

  it('returns fewer pieces when the text is short, and none for empty text', () => {
    expect(splitText({ text: '{}', pieces: 10, random: mulberry32(1) })).toEqual(['{', '}']);
    expect(splitText({ text: '', pieces: 10, random: mulberry32(1) })).toEqual([]);
  });
});
