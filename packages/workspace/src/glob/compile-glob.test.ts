import { describe, expect, it } from 'vitest';
import { compileGlob } from './compile-glob';
import { expandBraces } from './expand-braces';

function matcher(pattern: string, matchBaseName = false) {
  return compileGlob({ alternatives: expandBraces(pattern), matchBaseName });
}

describe('compileGlob', () => {
  it.each([
    ['*.ts', 'a.ts', true],
    ['*.ts', 'src/a.ts', false],
    ['**/*.ts', 'a.ts', true],
    ['**/*.ts', 'src/lib/a.ts', true],
    ['src/**', 'src/a/b/c', true],
    ['src/**/x', 'src/x', true],
    ['**', '.git-like/.env', true],
    ['?.md', 'ab.md', false],
    ['[!a]*.md', 'b.md', true],
    ['[!a]*.md', 'a.md', false],
    ['[a-c]/*', 'b/x', true],
    ['[.-0]x', '/x', false],
    ['\\*.md', '*.md', true],
    ['\\*.md', 'a.md', false],
    ['{a,b/c}/*.js', 'b/c/x.js', true],
    ['src/{lib,test}/**/*.{js,ts}', 'src/test/deep/a.ts', true],
    ['*', 'name\nwith break', true],
  ])('%s against %j: %s', (pattern, path, expected) => {
    expect(matcher(pattern).matches(path)).toBe(expected);
  });

  it('matches a pattern without "/" at any depth when asked to (grep include)', () => {
    expect(matcher('*.ts', true).matches('src/lib/a.ts')).toBe(true);
    expect(matcher('src/*.ts', true).matches('x/src/a.ts')).toBe(false);
  });

  it('enters only folders that can hold a match', () => {
    const glob = matcher('src/{lib,test}/*.ts');
    expect(['src', 'src/lib', 'src/other', 'docs', 'src/lib/deep'].map(glob.mayMatchBelow)).toEqual(
      [true, true, false, false, false],
    );
    expect(matcher('**/*.ts').mayMatchBelow('any/where')).toBe(true);
  });

  it('answers a star-heavy pattern against a long name at once, in linear time', () => {
    // A backtracking engine tries every way to place the stars: seconds for this one name.
    const glob = matcher('**/*a*a*a*a*a*a*a*a*a*a*a*b');
    expect(glob.matches(`x/${'a'.repeat(250)}`)).toBe(false);
    expect(glob.matches(`x/${'a'.repeat(250)}b`)).toBe(true);
  });
});
