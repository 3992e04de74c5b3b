import { describe, expect, it } from 'vitest';
import { describeLoadError } from './describe-load-error';

const root = '/home/student/kit/labs/d3';

describe('describeLoadError', () => {
  it('lists the lines tsx could not compile, relative to the day, and what to do', () => {
    const error = new Error(
      `Transform failed with 1 error:\n${root}/src/truncate-result.ts:24:22: ERROR: Unexpected ";"`,
    );
    expect(describeLoadError({ error, root })).toBe(
      [
        'Could not start: the code does not compile.',
        '  src/truncate-result.ts:24:22: Unexpected ";"',
        'Fix the first of these lines, then run it again.',
      ].join('\n'),
    );
  });

  it('shows the first three problems of many and counts the rest', () => {
    const lines = [1, 2, 3, 4, 5].map(
      (line) => `${root}/src/main.ts:${line}:1: ERROR: bad ${line}`,
    );
    const text = describeLoadError({ error: new Error(lines.join('\n')), root });
    expect(text).toContain('  src/main.ts:3:1: bad 3');
    expect(text).not.toContain('bad 4');
    expect(text).toContain('(and 2 more)');
  });

  it('names the line of an import Node could not link', () => {
    const error = new SyntaxError(
      "The requested module './tools/glob' does not provide an export named 'globTol'",
    );
    error.stack = `${root}/src/read-only-tools.ts:2\nimport { globTol } from './tools/glob';\n\nSyntaxError: ${error.message}\n    at ModuleJob._instantiate (node:internal/modules/esm/module_job:213:21)`;
    const text = describeLoadError({ error, root });
    expect(text).toContain('(at src/read-only-tools.ts:2)');
    expect(text).toContain('Look at src/read-only-tools.ts:2');
    expect(text).not.toContain('node:internal');
  });

  it('names the line a file threw from while loading', () => {
    const error = new Error('not configured');
    error.stack = `Error: not configured\n    at file://${root}/src/system-prompt.ts:7:9\n    at ModuleJob.run (node:internal/modules/esm/module_job:263:25)`;
    expect(describeLoadError({ error, root })).toBe(
      'Could not start: Error: not configured (at src/system-prompt.ts:7)\n' +
        'Look at src/system-prompt.ts:7; set DEBUG=1 to print the stack.',
    );
  });
});
