import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CANARY, createTestWorkspace } from '../testing/create-test-workspace';
import type { TestWorkspace } from '../testing/create-test-workspace';
import { DEFAULT_GLOB_LIMIT, MAX_GLOB_LIMIT } from '../limits';
import { runAsTool } from '../testing/call-engine';
import type { EngineContext } from '../testing/call-engine';
import { readWorkspaceFile } from '../read/read-workspace-file';
import { globWorkspace } from './glob-workspace';
import type { GlobWorkspaceOptions } from './glob-workspace';

/** What the engine answers, in the shape the tool hands the model. */
const runGlob = (args: Omit<GlobWorkspaceOptions, 'cwd' | 'signal'>, context: EngineContext) =>
  runAsTool(globWorkspace, args, context);

let workspace: TestWorkspace | undefined;
afterEach(() => workspace?.cleanup());

async function globIn(
  files: Record<string, string>,
  args: Omit<GlobWorkspaceOptions, 'cwd' | 'signal'>,
) {
  workspace = await createTestWorkspace(files);
  return runGlob(args, workspace.context);
}

function manyFiles(count: number): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: count }, (_unused, index) => [
      `src/file-${String(index).padStart(4, '0')}.ts`,
      '',
    ]),
  );
}

describe('globWorkspace', () => {
  it('lists matching files as sorted relative paths, one a line, with no header', async () => {
    const result = await globIn(
      { 'src/b.ts': '', 'src/a.ts': '', 'src/lib/c.ts': '', 'README.md': '' },
      { pattern: '**/*.ts' },
    );
    expect(result).toEqual({ ok: true, content: 'src/a.ts\nsrc/b.ts\nsrc/lib/c.ts' });
  });

  it('quotes a name holding DEL or a bidirectional override with JSON escapes read_file takes back', async () => {
    const result = await globIn(
      { 'a\u007fb.txt': 'del\n', 'c\u202ed.txt': 'rlo\n' },
      { pattern: '*' },
    );
    expect(result.content).toBe('"a\\u007fb.txt"\n"c\\u202ed.txt"');
    const read = await readWorkspaceFile({ cwd: workspace!.root, path: '"a\\u007fb.txt"' });
    expect(read).toMatchObject({ ok: true, text: expect.stringContaining('1: del') });
  });

  it('lists files only, dot files included', async () => {
    const result = await globIn(
      { '.env.example': '', 'src/.eslintrc.json': '', 'src/empty/.keep': '' },
      { pattern: '**/*' },
    );
    expect(result.content).toBe('.env.example\nsrc/.eslintrc.json\nsrc/empty/.keep');
  });

  it('skips node_modules, .git and dist at any depth', async () => {
    const result = await globIn(
      {
        'index.js': '',
        'node_modules/left-pad/index.js': '',
        'packages/app/node_modules/x/index.js': '',
        '.git/hooks/pre-commit.js': '',
        'packages/app/dist/index.js': '',
        'dist/index.js': '',
        'packages/app/src/index.js': '',
      },
      { pattern: '**/*.js' },
    );
    expect(result.content).toBe('index.js\npackages/app/src/index.js');
  });

  it(`returns ${DEFAULT_GLOB_LIMIT} paths by default and says how many were withheld`, async () => {
    const result = await globIn(manyFiles(DEFAULT_GLOB_LIMIT + 7), { pattern: 'src/*.ts' });
    const lines = result.content.split('\n');
    expect(lines).toHaveLength(DEFAULT_GLOB_LIMIT + 1);
    expect(lines[DEFAULT_GLOB_LIMIT - 1]).toBe(`src/file-0${DEFAULT_GLOB_LIMIT - 1}.ts`);
    expect(lines.at(-1)).toBe(
      `[7 more files withheld; narrow the pattern (a folder or an extension, e.g. src/**/*.ts) or raise limit, at most ${MAX_GLOB_LIMIT}]`,
    );
  });

  it('honours a smaller limit and says "1 more file" for one', async () => {
    const result = await globIn(manyFiles(4), { pattern: 'src/*', limit: 3 });
    expect(result.content.split('\n')).toEqual([
      'src/file-0000.ts',
      'src/file-0001.ts',
      'src/file-0002.ts',
      `[1 more file withheld; narrow the pattern (a folder or an extension, e.g. src/**/*.ts) or raise limit, at most ${MAX_GLOB_LIMIT}]`,
    ]);
  });

  it('shows everything with no note when the count equals the limit', async () => {
    const result = await globIn(manyFiles(3), { pattern: 'src/*', limit: 3 });
    expect(result.content.split('\n')).toHaveLength(3);
  });

  it('answers an empty result with how many files the working directory holds', async () => {
    const result = await globIn(
      { 'src/a.ts': '', 'src/b.ts': '', 'node_modules/x/index.py': '' },
      { pattern: '**/*.py' },
    );
    expect(result).toEqual({
      ok: true,
      content:
        'no files match **/*.py; the working directory holds 2 files (not counting node_modules, .git and dist). Check the pattern: "src/*.ts" looks only in src, "src/**/*.ts" also in its subfolders.',
    });
  });

  it('says "1 file" and "0 files" in the empty answer', async () => {
    expect((await globIn({ 'a.ts': '' }, { pattern: '*.py' })).content).toContain('holds 1 file (');
    await workspace?.cleanup();
    expect((await globIn({}, { pattern: '*.py' })).content).toContain('holds 0 files (');
  });

  it('refuses patterns that leave the working directory; the canary never shows', async () => {
    workspace = await createTestWorkspace({ 'a.txt': '' });
    for (const pattern of ['../**', '../outside/*', '/**/canary.txt', 'src/../../*/*.txt']) {
      const result = await runGlob({ pattern }, workspace.context);
      expect(result.ok, pattern).toBe(false);
      expect(result.content).toContain('reaches outside the working directory');
      expect(result.content).not.toContain(CANARY);
    }
  });

  it('neither walks nor opens a linked folder that leads outside', async () => {
    workspace = await createTestWorkspace({ 'a.txt': '' });
    await workspace.link({ relativePath: 'vendor', target: workspace.outside });
    await workspace.link({
      relativePath: 'secret.txt',
      target: path.join(workspace.outside, 'canary.txt'),
    });
    const everything = await runGlob({ pattern: '**/*' }, workspace.context);
    expect(everything.content).toBe('a.txt');
    const direct = await runGlob({ pattern: 'vendor/*' }, workspace.context);
    expect(direct).toMatchObject({ ok: false });
    expect(direct.content).toContain('through a symbolic link');
    expect(direct.content).not.toContain(CANARY);
  });

  it('stops a walk at its entry limit and says the list may be incomplete, with how to narrow', async () => {
    const files = { ...manyFiles(30), 'zz/last.ts': '' };
    const cut = await globIn(files, { pattern: '**/*.ts', maxEntries: 10 });
    expect(cut.ok).toBe(true);
    expect(cut.content).toContain('[the walk stopped after 10 entries, the most one call passes');
    expect(cut.content).toContain('narrow the pattern to a folder');
    expect(cut.content.split('\n').filter((line) => line.endsWith('.ts')).length).toBeLessThan(10);
    const whole = await globIn(files, { pattern: '**/*.ts', maxEntries: 100 });
    expect(whole.content).not.toContain('the walk stopped');
    expect(whole.content).toContain('zz/last.ts');
  });

  it('does not claim a pattern matches nothing in the whole tree when the walk was cut', async () => {
    const cut = await globIn(manyFiles(30), { pattern: '**/*.md', maxEntries: 10 });
    expect(cut.content).toMatch(/^no files match \*\*\/\*\.md among the entries walked\./);
    expect(cut.content).toContain('the walk stopped after 10 entries');
  });
});
