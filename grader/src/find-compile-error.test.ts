import { describe, expect, it } from 'vitest';
import { findCompileError } from './find-compile-error';

describe('findCompileError', () => {
  it("finds esbuild's file and line in a scrubbed message", () => {
    const message =
      'got: importing src/index.ts failed: Transform failed with 1 error:\n<lab>/src/truncate-result.ts:25:16: ERROR: Expected ";" but found "oops"';
    expect(findCompileError(message)).toBe('src/truncate-result.ts:25');
  });

  it('finds nothing in an ordinary failure', () => {
    expect(findCompileError('expected: 8054 characters\ngot: 8000')).toBeUndefined();
  });
});
