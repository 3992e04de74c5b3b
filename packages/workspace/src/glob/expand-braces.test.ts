import { describe, expect, it } from 'vitest';
import { countBraceAlternatives, expandBraces } from './expand-braces';

describe('expandBraces and countBraceAlternatives', () => {
  it('expands groups, nested groups and leaves lone or comma-less braces as text', () => {
    expect(expandBraces('src/{a,b{c,d}}.ts')).toEqual(['src/a.ts', 'src/bc.ts', 'src/bd.ts']);
    expect(expandBraces('{a,b')).toEqual(['{a,b']);
    expect(expandBraces('x{a}')).toEqual(['x{a}']);
    expect(countBraceAlternatives('{a,b}'.repeat(16))).toBe(65_536);
  });

  it('reads a pattern full of unclosed braces once, not once per brace before each one', () => {
    // Each of these took minutes when every unclosed "{" re-parsed the rest of the pattern; they
    // must come back at once (the test's own time limit is the backstop).
    for (const pattern of ['{'.repeat(1000), '{a,'.repeat(300), '{,'.repeat(500)]) {
      expect(countBraceAlternatives(pattern)).toBe(1);
      expect(expandBraces(pattern)).toEqual([pattern]);
    }
  });
});
