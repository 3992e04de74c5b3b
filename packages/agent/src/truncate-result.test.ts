import { describe, expect, it } from 'vitest';
import { HEAD_SHARE, MAX_RESULT_CHARS, truncateResult, truncationNote } from './truncate-result';

/** Text whose every position is distinguishable, so a wrong slice cannot pass by accident. */
function numberedText(length: number): string {
  let text = '';
  for (let line = 0; text.length < length; line++) text += `line ${line}\n`;
  return text.slice(0, length);
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('truncateResult', () => {
  it('cuts 20,000 characters to exactly 8,054 and says 12,000 were cut', () => {
    const text = numberedText(20_000);
    const result = truncateResult({ ok: true, content: text });
    expect(result.content).toHaveLength(8054);
    expect(result.content).toContain('12000 of 20000 chars cut');
    expect(result.meta).toEqual({ truncated: true, originalChars: 20_000 });
  });

  it('keeps the exact head and tail in a 60/40 split of the budget', () => {
    const text = numberedText(30_000);
    const { content } = truncateResult({ ok: true, content: text });
    const head = MAX_RESULT_CHARS * HEAD_SHARE;
    const note = truncationNote({ cut: 30_000 - MAX_RESULT_CHARS, total: 30_000 });
    expect(content.slice(0, head)).toBe(text.slice(0, head));
    expect(content.slice(head, head + note.length)).toBe(note);
    expect(content.slice(head + note.length)).toBe(text.slice(-(MAX_RESULT_CHARS - head)));
  });

  it('passes a result at or under the limit through untouched', () => {
    const exact = { ok: true, content: numberedText(MAX_RESULT_CHARS) };
    expect(truncateResult(exact)).toBe(exact);
    const failed = { ok: false, content: 'short' };
    expect(truncateResult(failed)).toBe(failed);
  });

  it('keeps ok and existing meta', () => {
    const result = truncateResult({
      ok: false,
      content: 'x'.repeat(9000),
      meta: { source: 'test' },
    });
    expect(result.ok).toBe(false);
    expect(result.meta).toEqual({ source: 'test', truncated: true, originalChars: 9000 });
  });

  it('never splits a surrogate pair at either cut', () => {
    const head = MAX_RESULT_CHARS * HEAD_SHARE;
    // An emoji straddles the head cut, another the start of the tail.
    const text = `${'a'.repeat(head - 1)}😀${'b'.repeat(10_000)}😀${'c'.repeat(MAX_RESULT_CHARS - head - 1)}`;
    const { content } = truncateResult({ ok: true, content: text });
    expect(content).not.toMatch(LONE_SURROGATE);
    // Each emoji that a cut would halve is left out whole; the note counts it as cut.
    expect(content.startsWith(`${'a'.repeat(head - 1)}\n[`)).toBe(true);
    expect(content.endsWith(`]\n${'c'.repeat(MAX_RESULT_CHARS - head - 1)}`)).toBe(true);
    expect(content).toContain(`[${text.length - MAX_RESULT_CHARS + 2} of ${text.length} chars cut`);
  });

  it('states the real counts in the note for any size', () => {
    const { content } = truncateResult({ ok: true, content: 'z'.repeat(123_456) });
    expect(content).toContain('115456 of 123456 chars cut');
  });
});
