import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RESULT_CHARS, truncateResult, truncationNote } from './truncate-result';

// Properties over random results around and above the budget, full of characters that take two
// UTF-16 units, so the cut points land on emoji halves often.
const RUNS = { numRuns: 150 };
// 60% of the budget comes from the head, the rest from the tail.
const HEAD_BUDGET = 4800;
const TAIL_BUDGET = MAX_RESULT_CHARS - HEAD_BUDGET;

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** One character: mostly ASCII, some accented or CJK, many astral, a few lone surrogates. */
const character = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom('é', '✓', '中', '\n') },
  { weight: 4, arbitrary: fc.constantFrom('😀', '𝄞', '🧪', '👍🏽') },
  { weight: 1, arbitrary: fc.constantFrom('\ud83d', '\ude00') },
);

/** A text of about `length` units, made by repeating a random run of characters. */
const text = fc
  .record({
    run: fc.array(character, { minLength: 1, maxLength: 40 }),
    length: fc.oneof(
      fc.integer({ min: 0, max: 3 * MAX_RESULT_CHARS }),
      fc.integer({ min: MAX_RESULT_CHARS - 4, max: MAX_RESULT_CHARS + 4 }),
    ),
  })
  .map(({ run, length }) => {
    const unit = run.join('');
    return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  });

/** True when a lone surrogate sits where a cut is made: there, keeping it or not is a guess. */
function loneSurrogateAtCut(value: string): boolean {
  const headEnd = HEAD_BUDGET;
  const tailStart = value.length - TAIL_BUDGET;
  const code = (index: number) => value.charCodeAt(index);
  return (
    (isHigh(code(headEnd - 1)) && !isLow(code(headEnd))) ||
    (isLow(code(tailStart)) && !isHigh(code(tailStart - 1)))
  );
}

describe('truncateResult, for any text', () => {
  it('leaves a result within the budget untouched', () => {
    fc.assert(
      fc.property(text, (content) => {
        fc.pre(content.length <= MAX_RESULT_CHARS);
        const result = { ok: true, content };
        expect(truncateResult(result)).toBe(result);
      }),
      RUNS,
    );
  });

  it('keeps the exact head and tail, states true counts and stays within the budget plus the note', () => {
    fc.assert(
      fc.property(text, fc.boolean(), (content, ok) => {
        fc.pre(content.length > MAX_RESULT_CHARS && !loneSurrogateAtCut(content));
        const result = truncateResult({ ok, content, meta: { tool: 'x' } });

        // A cut point moves by one unit only to keep a surrogate pair whole.
        const splitsPair = (index: number) =>
          isHigh(content.charCodeAt(index - 1)) && isLow(content.charCodeAt(index));
        const headEnd = splitsPair(HEAD_BUDGET) ? HEAD_BUDGET - 1 : HEAD_BUDGET;
        const budgetTailStart = content.length - TAIL_BUDGET;
        const tailStart = splitsPair(budgetTailStart) ? budgetTailStart + 1 : budgetTailStart;
        const note = truncationNote({ cut: tailStart - headEnd, total: content.length });

        expect(result.ok).toBe(ok);
        expect(result.content).toBe(content.slice(0, headEnd) + note + content.slice(tailStart));
        expect(result.content.length).toBeLessThanOrEqual(MAX_RESULT_CHARS + note.length);
        const [, cutCount, total] = /\[(\d+) of (\d+) chars cut/.exec(note)!;
        expect(Number(total)).toBe(content.length);
        expect(Number(cutCount) + headEnd + (content.length - tailStart)).toBe(content.length);
        expect(result.meta).toEqual({ tool: 'x', truncated: true, originalChars: content.length });
      }),
      RUNS,
    );
  });

  it('never splits a surrogate pair: well-formed text stays well-formed', () => {
    fc.assert(
      fc.property(text, (content) => {
        fc.pre(!LONE_SURROGATE.test(content));
        expect(truncateResult({ ok: true, content }).content).not.toMatch(LONE_SURROGATE);
      }),
      RUNS,
    );
  });
});
