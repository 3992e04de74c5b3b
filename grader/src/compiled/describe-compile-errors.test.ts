import type { Message } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { describeCompileErrors } from './describe-compile-errors';

/** An esbuild error at `file:line`, or with no place. */
function error(text: string, file?: string, line = 1): Message {
  return {
    id: '',
    pluginName: '',
    text,
    location: file
      ? { file, namespace: 'file', line, column: 0, length: 1, lineText: '', suggestion: '' }
      : null,
    notes: [],
    detail: undefined,
  };
}

describe('describeCompileErrors', () => {
  it("says each problem once, in words about the student's file, without esbuild's step names", () => {
    const noExport = error(
      'No matching export in "src/truncate-result.ts" for import "truncateResults"',
      'src/tool-registry.ts',
      3,
    );
    expect(describeCompileErrors({ errors: [noExport, noExport] })).toEqual({
      compileError: {
        where: 'src/tool-registry.ts:3',
        problems: [
          'src/tool-registry.ts:3: imports truncateResults from src/truncate-result.ts, which does not export it',
        ],
      },
      text: 'src/tool-registry.ts:3: imports truncateResults from src/truncate-result.ts, which does not export it',
    });
  });

  it('keeps a syntax error as the compiler words it, and counts what it left out', () => {
    const errors = [
      error('Unexpected ";"', 'src/truncate-result.ts', 25),
      error('Could not resolve "./system-prompts"', 'src/run-agent.ts', 3),
      error('Unexpected "}"', 'src/run-agent.ts', 9),
      error('Unexpected "}"', 'src/run-agent.ts', 12),
      error('Unexpected "}"', 'src/run-agent.ts', 15),
    ];
    expect(describeCompileErrors({ errors }).compileError).toEqual({
      where: 'src/truncate-result.ts:25',
      problems: [
        'src/truncate-result.ts:25: Unexpected ";"',
        'src/run-agent.ts:3: imports ./system-prompts, which is not there',
        'src/run-agent.ts:9: Unexpected "}"',
        'and 2 more',
      ],
    });
  });

  it("names a kit package as the lab imports it, where esbuild names the package's file", () => {
    const errors = [
      error(
        'No matching export in "../kit/packages/core/src/index.ts" for import "toolToSchema"',
        'src/a.ts',
        2,
      ),
    ];
    const importedAs = (path: string) =>
      path === '../kit/packages/core/src/index.ts' ? '@agent-course/core' : undefined;
    expect(describeCompileErrors({ errors, importedAs }).compileError?.problems).toEqual([
      'src/a.ts:2: imports toolToSchema from @agent-course/core, which does not export it',
    ]);
  });

  it("gives no compile error when no error is on a line of the lab's, only the text", () => {
    const described = describeCompileErrors({
      errors: [
        error('the lab imports a pipe or a device, not a file; remove it from the lab'),
        error('Unexpected "}"', '../kit/packages/core/src/x.ts', 4),
      ],
    });
    expect(described.compileError).toBeUndefined();
    expect(described.text).toBe(
      'the lab imports a pipe or a device, not a file; remove it from the lab\nUnexpected "}"',
    );
  });
});
