import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GLOB_LIMIT } from '@agent-course/workspace';
import { createTestWorkspace } from '@agent-course/workspace/testing';
import type { TestWorkspace } from '@agent-course/workspace/testing';
import { GlobParameters, globTool } from './glob';

// The listing itself is the workspace package's (glob-workspace.test.ts there); here, what the
// day writes: the schema the model fills in, and a run that hands the engine's answer on.

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({ 'src/b.ts': '', 'src/a.ts': '', 'README.md': '' });
});
afterAll(() => workspace.cleanup());

describe('globTool.run', () => {
  it('feeds back the matching paths, sorted, one a line', async () => {
    const result = await globTool.run({ pattern: 'src/*.ts' }, workspace.context);
    expect(result).toEqual({ ok: true, content: 'src/a.ts\nsrc/b.ts' });
  });

  it('passes limit on, so the rest is counted in a note', async () => {
    const result = await globTool.run({ pattern: '**', limit: 1 }, workspace.context);
    expect(result.content.split('\n')[0]).toBe('README.md');
    expect(result.content).toContain('[2 more files withheld;');
  });

  it('turns a refused pattern into a failed result that says what to do', async () => {
    const result = await globTool.run({ pattern: '../**' }, workspace.context);
    expect(result).toEqual({
      ok: false,
      content:
        '../** reaches outside the working directory; use a pattern relative to the working directory without a leading / or .., such as src/**/*.ts',
    });
  });
});

describe('GlobParameters', () => {
  it('rejects unknown properties, an empty pattern and limits that are not positive integers', () => {
    expect(GlobParameters.safeParse({ pattern: '*', path: 'src' }).success).toBe(false);
    expect(GlobParameters.safeParse({ pattern: '' }).success).toBe(false);
    for (const limit of [0, -1, 1.5, MAX_GLOB_LIMIT + 1, '10']) {
      expect(GlobParameters.safeParse({ pattern: '*', limit }).success, String(limit)).toBe(false);
    }
    expect(GlobParameters.safeParse({ pattern: '*', limit: MAX_GLOB_LIMIT }).success).toBe(true);
  });
});
