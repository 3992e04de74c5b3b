import { describe, expect, it } from 'vitest';
import { MAX_META_CHARS, MAX_META_DEPTH, ToolResultSeen } from './observations';

/** A meta nested `depth` levels deep: `{ next: { next: … { end: true } } }`. */
function nested(depth: number): Record<string, unknown> {
  let meta: Record<string, unknown> = { end: true };
  for (let level = 1; level < depth; level++) meta = { next: meta };
  return meta;
}

const seen = (meta: unknown) => ToolResultSeen.safeParse({ ok: true, content: 'x', meta }).success;

describe('a result seen with its meta', () => {
  it('takes the meta a lab leaves (a truncated result, a run, an edit)', () => {
    expect(seen({ source: 'variant-7', truncated: true, originalChars: 20_000 })).toBe(true);
    expect(seen({ durationMs: 12, exitCode: null, timedOut: false })).toBe(true);
    expect(seen({ diff: '-a\n+b\n'.repeat(100), lines: [1, 2, 3] })).toBe(true);
    expect(seen(nested(MAX_META_DEPTH))).toBe(true);
  });

  it('refuses a meta nested deeper than its limit, however deep, without exhausting the stack', () => {
    expect(seen(nested(MAX_META_DEPTH + 1))).toBe(false);
    // An attack tried: 400,000 levels, which JSON.stringify in a judge could not quote.
    expect(seen(nested(400_000))).toBe(false);
    let arrays: unknown = [];
    for (let level = 0; level < 400_000; level++) arrays = [arrays];
    expect(seen({ deep: arrays })).toBe(false);
  });

  it('refuses a meta over its characters, in one value, in its keys or spread over many', () => {
    expect(seen({ text: 'x'.repeat(MAX_META_CHARS) })).toBe(false);
    expect(seen({ ['k'.repeat(MAX_META_CHARS)]: 1 })).toBe(false);
    expect(seen({ many: Array.from({ length: MAX_META_CHARS }, () => 1) })).toBe(false);
    expect(seen({ text: 'x'.repeat(MAX_META_CHARS - 10) })).toBe(true);
  });
});
