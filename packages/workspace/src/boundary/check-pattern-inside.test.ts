import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPatternInside } from './check-pattern-inside';
import { createTestWorkspace } from '../testing/create-test-workspace';
import type { TestWorkspace } from '../testing/create-test-workspace';
import { MAX_GLOB_ALTERNATIVES, MAX_GLOB_PATTERN_CHARS, MAX_GLOB_STARS } from '../limits';

let workspace: TestWorkspace;

beforeEach(async () => {
  workspace = await createTestWorkspace({ 'src/calc.js': 'export {};\n' });
});
afterEach(() => workspace.cleanup());

function check(pattern: string) {
  return checkPatternInside({ cwd: workspace.root, pattern });
}

const SAMPLE_PATHS = [
  'calc.js',
  'src/calc.js',
  'src/lib/a.js',
  'test/a.test.js',
  '..hidden/x',
  '[id].tsx',
  '{a,b}.ts',
];

describe('checkPatternInside', () => {
  it.each([
    ['**/*.js', ['calc.js', 'src/calc.js', 'src/lib/a.js', 'test/a.test.js']],
    ['./src/*.js', ['src/calc.js']],
    ['src/../test/**', ['test/a.test.js']],
    ['src//calc.js', ['src/calc.js']],
    ['src/{a,..}/*', ['calc.js', '[id].tsx', '{a,b}.ts']],
    ['missing/folder/*.js', []],
    ['..hidden/*', ['..hidden/x']],
    // A leading backslash escapes, as anywhere else in a glob; it does not root the pattern.
    ['\\[id\\].tsx', ['[id].tsx']],
    ['\\{a,b\\}.*', ['{a,b}.ts']],
    ['\\*.js', []],
  ])('accepts %s, matching %j', async (pattern, expected) => {
    const checked = await check(pattern);
    if (!checked.ok) throw new Error(checked.error);
    expect(SAMPLE_PATHS.filter((sample) => checked.matcher.matches(sample))).toEqual(expected);
  });

  it.each([
    '../**',
    '..',
    'src/../../x',
    '**/../../*',
    '{..,src}/*',
    '..{,}/outside/*',
    '.{.,}/outside/*',
    '{src/../..,x}/outside/*',
    '{/etc,x}/pass*',
    '/etc/*',
    'C:/Windows/*',
    'C:\\Windows\\*',
    '\\\\server\\share\\*',
    '\\/etc/*',
  ])('refuses %s as outside the working directory', async (pattern) => {
    expect(await check(pattern)).toEqual({
      ok: false,
      error: `${pattern} reaches outside the working directory; use a pattern relative to the working directory without a leading / or .., such as src/**/*.ts`,
    });
  });

  it('refuses an absolute pattern even when it points inside', async () => {
    expect((await check(path.join(workspace.root, '**'))).ok).toBe(false);
  });

  it('refuses a pattern whose fixed start is a link out of the working directory, in braces too', async () => {
    await workspace.link({ relativePath: 'vendor', target: workspace.outside });
    for (const pattern of ['vendor/*', 'vendor/**/*.txt', 'vendor/canary.txt', '{vendor,x}/*']) {
      expect(await check(pattern), pattern).toMatchObject({
        ok: false,
        error: expect.stringContaining('through a symbolic link'),
      });
    }
  });

  it('refuses a ~ pattern, a NUL byte and an extglob, saying what to write instead', async () => {
    expect(await check('~/projects/**')).toMatchObject({
      ok: false,
      error: expect.stringContaining('starts with ~'),
    });
    expect(await check('src/*\0.js')).toMatchObject({
      ok: false,
      error: expect.stringContaining('NUL byte'),
    });
    expect(await check('@(..)/*')).toMatchObject({
      ok: false,
      error: expect.stringContaining('write alternatives with braces'),
    });
  });

  it('refuses patterns past the complexity limits before expanding them', async () => {
    expect(await check('a'.repeat(MAX_GLOB_PATTERN_CHARS + 1))).toEqual({
      ok: false,
      error: `the pattern is ${MAX_GLOB_PATTERN_CHARS + 1} characters long, more than ${MAX_GLOB_PATTERN_CHARS}; use a shorter pattern, such as src/**/*.ts`,
    });
    const stars = `**/${'*a'.repeat(MAX_GLOB_STARS)}`;
    expect(await check(stars)).toEqual({
      ok: false,
      error: `the pattern holds ${MAX_GLOB_STARS + 2} "*", more than ${MAX_GLOB_STARS}; use fewer wildcards, e.g. **/*.test.ts, and narrow further with grep`,
    });
    expect(await check('{a,b}'.repeat(16))).toEqual({
      ok: false,
      error: `the pattern's braces expand to 65,536 alternatives, more than ${MAX_GLOB_ALTERNATIVES}; use fewer {a,b} groups, or several calls with one each`,
    });
  });
});
