import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_READ_LINES } from '@agent-course/workspace';
import { createTestWorkspace } from '@agent-course/workspace/testing';
import type { TestWorkspace } from '@agent-course/workspace/testing';
import { ReadFileParameters, readFileTool } from './read-file';

// Reading itself is the workspace package's (read-workspace-file.test.ts there); here, what the
// day writes: the schema the model fills in, and a run that hands the engine's answer on.

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({ 'src/calc.js': 'one\ntwo\nthree\n' });
});
afterAll(() => workspace.cleanup());

describe('readFileTool.run', () => {
  it('feeds back a header and numbered lines', async () => {
    const result = await readFileTool.run({ path: 'src/calc.js' }, workspace.context);
    expect(result).toEqual({
      ok: true,
      content: 'src/calc.js (lines 1-3 of 3)\n1: one\n2: two\n3: three',
    });
  });

  it('passes offset and limit on', async () => {
    const result = await readFileTool.run(
      { path: 'src/calc.js', offset: 2, limit: 1 },
      workspace.context,
    );
    expect(result.content).toBe(
      'src/calc.js (lines 2-2 of 3)\n2: two\n[1 more line; continue with offset 3]',
    );
  });

  it('turns a path outside into a failed result that says what to do', async () => {
    const result = await readFileTool.run({ path: '../outside/canary.txt' }, workspace.context);
    expect(result).toEqual({
      ok: false,
      content:
        '../outside/canary.txt is outside the working directory; use a path relative to the working directory that stays inside it',
    });
  });
});

describe('ReadFileParameters', () => {
  it('rejects unknown properties and offsets or limits that are not positive integers', () => {
    expect(ReadFileParameters.safeParse({ path: 'a', lines: 10 }).success).toBe(false);
    expect(ReadFileParameters.safeParse({ path: '' }).success).toBe(false);
    for (const bad of [
      { offset: 0 },
      { offset: 1.5 },
      { limit: 0 },
      { limit: MAX_READ_LINES + 1 },
    ]) {
      expect(ReadFileParameters.safeParse({ path: 'a', ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
    }
    expect(
      ReadFileParameters.safeParse({ path: 'a', offset: 7, limit: MAX_READ_LINES }).success,
    ).toBe(true);
  });
});
