import { describe, expect, it } from 'vitest';
import { describeCompileError, findCompileError } from './find-compile-error';

describe('findCompileError', () => {
  it("finds esbuild's file and line in a scrubbed message", () => {
    const message =
      'got: importing src/index.ts failed: Transform failed with 1 error:\n<lab>/src/truncate-result.ts:25:16: ERROR: Expected ";" but found "oops"';
    expect(findCompileError(message)).toBe('src/truncate-result.ts:25');
  });

  it('names an import of what a kit package does not export, which only Node finds', () => {
    const message =
      "got: importing src/index.ts failed: The requested module '<kit>/packages/core/src/index.js' does not provide an export named 'toolToSchema'";
    expect(findCompileError(message)).toBe(
      'the import of toolToSchema from @agent-course/core, which has no such export',
    );
  });

  it('finds nothing in an ordinary failure', () => {
    expect(findCompileError('expected: 8054 characters\ngot: 8000')).toBeUndefined();
  });
});

describe('describeCompileError', () => {
  it("says each problem once, in words about the student's file, without esbuild's step names", () => {
    const problem =
      '<lab>/src/tool-registry.ts:3:25: ERROR: No matching export in "src/truncate-result.ts" for import "truncateResults"';
    const message = `expected: the lab to load\ngot: importing src/index.ts failed: Transform failed with 2 errors:\n${problem}\n${problem}`;
    expect(describeCompileError(message)).toEqual({
      where: 'src/tool-registry.ts:3',
      problems: [
        'src/tool-registry.ts:3: imports truncateResults from src/truncate-result.ts, which does not export it',
      ],
    });
  });

  it('keeps a syntax error as the compiler words it, and counts what it left out', () => {
    const message = [
      'got: Transform failed with 5 errors:',
      '<lab>/src/truncate-result.ts:25:17: ERROR: Unexpected ";"',
      '<lab>/src/run-agent.ts:3:8: ERROR: Could not resolve "./system-prompts"',
      '(+3 more)',
    ].join('\n');
    expect(describeCompileError(message)?.problems).toEqual([
      'src/truncate-result.ts:25: Unexpected ";"',
      'src/run-agent.ts:3: imports ./system-prompts, which is not there',
      'and 3 more',
    ]);
  });

  it('names a missing export of a kit package by the package, as the lab imports it', () => {
    const message =
      "got: importing src/index.ts failed: The requested module '<kit>/packages/core/src/index.js' does not provide an export named 'toolToSchema'";
    expect(describeCompileError(message)?.problems).toEqual([
      'imports toolToSchema from @agent-course/core, which does not export it',
    ]);
  });

  it('finds nothing in an ordinary failure', () => {
    expect(describeCompileError('expected: 8054 characters\ngot: it threw: x')).toBeUndefined();
  });
});
