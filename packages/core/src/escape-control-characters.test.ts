import { describe, expect, it } from 'vitest';
import { escapeControlCharacters } from './escape-control-characters';

describe('escapeControlCharacters', () => {
  it('writes out escape sequences, NUL, bells, backspaces, DEL and C1 controls', () => {
    expect(escapeControlCharacters('a\u001b[31mred\u001b[0m\u0000b\u0007\b\u007f\u009b')).toBe(
      'a\\x1b[31mred\\x1b[0m\\x00b\\x07\\x08\\x7f\\x9b',
    );
  });

  it('keeps tabs, newlines and \\r\\n, and writes out a carriage return on its own', () => {
    expect(escapeControlCharacters('a\tb\nc\r\nprogress 10%\rprogress 20%')).toBe(
      'a\tb\nc\r\nprogress 10%\\rprogress 20%',
    );
  });

  it('writes out the bidirectional overrides that reorder text, and keeps other text as it is', () => {
    expect(escapeControlCharacters('x\u202ey\u2066z')).toBe('x\\u202ey\\u2066z');
    expect(escapeControlCharacters('é 中 😀 \\x1b')).toBe('é 中 😀 \\x1b');
  });

  it('writes out the Arabic letter mark and the invisible tag characters that spell text nobody sees', () => {
    // U+E0041 U+E0042 are the tags for "AB": invisible in a terminal, read by a model as letters.
    expect(escapeControlCharacters('a\u061cb\u{e0041}\u{e0042}c\u{e007f}')).toBe(
      'a\\u061cb\\u{e0041}\\u{e0042}c\\u{e007f}',
    );
    expect(escapeControlCharacters('\u{e0100} \u{1f600}')).toBe('\u{e0100} \u{1f600}');
  });
});
