import { describe, expect, it } from 'vitest';
import { findCompileError } from './find-compile-error';

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
