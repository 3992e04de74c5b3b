import { createSandbox } from '@agent-course/sandbox';
import type { Sandbox } from '@agent-course/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolContext } from '@agent-course/core';
import { MAX_RESULT_CHARS } from '../truncate-result';
import { globTool } from './glob';
import { grepTool } from './grep';
import { readFileTool } from './read-file';

// The offline "why are the tests red?" run feeds back these three results; the chapter quotes
// their lengths. They come from the tools running on the generated sandbox, nothing else.
let sandbox: Sandbox;
let context: ToolContext;

beforeAll(async () => {
  sandbox = await createSandbox();
  context = { cwd: sandbox.directory, signal: new AbortController().signal };
});
afterAll(() => sandbox.cleanup());

describe('the tools on the generated sandbox', () => {
  it('glob **/*.js feeds back 50 characters: the three project files, no noise', async () => {
    const result = await globTool.run({ pattern: '**/*.js' }, context);
    expect(result.content).toBe('src/calc.js\nsrc/tables/primes.js\ntest/calc.test.js');
    expect(result.content).toHaveLength(50);
  });

  it('grep divide feeds back 361 characters and skips node_modules, .git, dist and the PNG', async () => {
    const result = await grepTool.run({ pattern: 'divide' }, context);
    expect(result.ok).toBe(true);
    expect(result.content).toHaveLength(361);
    expect(result.content).toContain('src/calc.js:11:export function divide(a, b) {');
    expect(result.content).not.toMatch(/node_modules|\.git|dist\/|logo\.png/);
  });

  it('read_file src/calc.js feeds back 248 characters showing the bug', async () => {
    const result = await readFileTool.run({ path: 'src/calc.js' }, context);
    expect(result.content.split('\n')[0]).toBe('src/calc.js (lines 1-13 of 13)');
    expect(result.content).toContain('12:   return a * b;');
    expect(result.content).toHaveLength(248);
  });

  it('read_file on the generated table is long enough for the registry to cut, with five-digit counts', async () => {
    const result = await readFileTool.run({ path: 'src/tables/primes.js' }, context);
    expect(result.content.length).toBeGreaterThan(MAX_RESULT_CHARS + 10_000);
    expect(result.content.length).toBeLessThan(100_000);
    expect(result.content).not.toContain('more lines; continue');
  });
});
