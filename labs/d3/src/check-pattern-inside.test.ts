import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPatternInside } from './check-pattern-inside';
import { createTestWorkspace } from './create-test-workspace';
import type { TestWorkspace } from './create-test-workspace';

let workspace: TestWorkspace;

beforeEach(async () => {
  workspace = await createTestWorkspace({ 'src/calc.js': 'export {};\n' });
});
afterEach(() => workspace.cleanup());

function check(pattern: string) {
  return checkPatternInside({ cwd: workspace.root, pattern });
}

describe('checkPatternInside', () => {
  it.each([
    ['**/*.js', '**/*.js'],
    ['./src/*.js', 'src/*.js'],
    ['src/../test/**', 'test/**'],
    ['src//calc.js', 'src/calc.js'],
    ['missing/folder/*.js', 'missing/folder/*.js'],
    ['..hidden/*', '..hidden/*'],
  ])('accepts %s as %s', async (pattern, normalized) => {
    expect(await check(pattern)).toEqual({ ok: true, pattern: normalized });
  });

  it.each([
    '../**',
    '..',
    'src/../../x',
    '**/../../*',
    '{..,src}/*',
    'src/{a,..}/*',
    '@(..)/*',
    '/etc/*',
    'C:/Windows/*',
    '\\\\server\\share\\*',
  ])('refuses %s as outside the working directory', async (pattern) => {
    expect(await check(pattern)).toEqual({
      ok: false,
      error: `${pattern} reaches outside the working directory; use a pattern relative to the working directory without a leading / or .., such as src/**/*.ts`,
    });
  });

  it('refuses an absolute pattern even when it points inside', async () => {
    expect((await check(path.join(workspace.root, '**'))).ok).toBe(false);
  });

  it('refuses a pattern whose fixed start is a link out of the working directory', async () => {
    await workspace.link({ relativePath: 'vendor', target: workspace.outside });
    for (const pattern of ['vendor/*', 'vendor/**/*.txt', 'vendor/canary.txt']) {
      expect(await check(pattern), pattern).toMatchObject({
        ok: false,
        error: expect.stringContaining('through a symbolic link'),
      });
    }
  });

  it('refuses a ~ pattern', async () => {
    expect(await check('~/projects/**')).toMatchObject({
      ok: false,
      error: expect.stringContaining('starts with ~'),
    });
  });
});
