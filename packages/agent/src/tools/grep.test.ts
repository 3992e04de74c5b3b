import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GREP_LIMIT } from '@agent-course/workspace';
import { createTestWorkspace } from '@agent-course/workspace/testing';
import type { TestWorkspace } from '@agent-course/workspace/testing';
import { GrepParameters, grepTool } from './grep';

// The search itself is the workspace package's (grep-workspace.test.ts there); here, what the
// day writes: the schema the model fills in, and a run that hands the engine's answer on.

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({
    'src/a.ts': 'const needle = 1;\nconst other = 2;\nneedle();\n',
    'README.md': 'needle\n',
  });
});
afterAll(() => workspace.cleanup());

describe('grepTool.run', () => {
  it('feeds back path:line:text for each matching line', async () => {
    const result = await grepTool.run({ pattern: 'needle' }, workspace.context);
    expect(result).toEqual({
      ok: true,
      content: 'README.md:1:needle\nsrc/a.ts:1:const needle = 1;\nsrc/a.ts:3:needle();',
    });
  });

  it('passes include and limit on', async () => {
    const result = await grepTool.run(
      { pattern: 'needle', include: '*.ts', limit: 1 },
      workspace.context,
    );
    expect(result.content.split('\n')[0]).toBe('src/a.ts:1:const needle = 1;');
    expect(result.content).toContain('[showing the first 1 matching lines;');
  });

  it('turns an invalid expression into a failed result that says what to do', async () => {
    const result = await grepTool.run({ pattern: 'needle(' }, workspace.context);
    expect(result.ok).toBe(false);
    expect(result.content).toMatch(/^invalid regular expression: .*Fix the pattern/);
  });
});

describe('GrepParameters', () => {
  it('rejects unknown properties and limits that are not positive integers up to the maximum', () => {
    expect(GrepParameters.safeParse({ pattern: 'x', path: 'src' }).success).toBe(false);
    expect(GrepParameters.safeParse({ pattern: '' }).success).toBe(false);
    expect(GrepParameters.safeParse({ pattern: 'x', include: '' }).success).toBe(false);
    for (const limit of [0, 2.5, MAX_GREP_LIMIT + 1]) {
      expect(GrepParameters.safeParse({ pattern: 'x', limit }).success, String(limit)).toBe(false);
    }
    expect(GrepParameters.safeParse({ pattern: 'x', limit: MAX_GREP_LIMIT }).success).toBe(true);
  });
});
