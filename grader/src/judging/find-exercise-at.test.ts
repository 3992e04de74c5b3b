import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findExerciseAt } from './find-exercise-at';
import { KIT_ROOT } from '../beside-lab/kit-paths';

/** The 1-based line of the first line of `source` containing `text`. */
function lineOf(source: string, text: string): number {
  const index = source.split('\n').findIndex((line) => line.includes(text));
  if (index === -1) throw new Error(`no line contains ${text}`);
  return index + 1;
}

describe('findExerciseAt', () => {
  it("finds the solution's region by its markers, and nothing outside them", async () => {
    const source = await readFile(join(KIT_ROOT, 'solutions/d3/src/tool-registry.ts'), 'utf8');
    expect(findExerciseAt({ source, line: lineOf(source, 'JSON.parse(call.args)') })).toBe(2);
    // execute passes every result through truncateResult: the registry's file, but no exercise.
    expect(findExerciseAt({ source, line: lineOf(source, 'return truncateResult(') })).toBe(
      undefined,
    );
    expect(findExerciseAt({ source, line: lineOf(source, '#region exercise 2') })).toBe(undefined);
  });

  it("finds a starter's region from its TODO to the end of the block around it", async () => {
    const source = await readFile(join(KIT_ROOT, 'labs/d3/src/tool-registry.ts'), 'utf8');
    expect(findExerciseAt({ source, line: lineOf(source, 'JSON.parse(call.args)') })).toBe(2);
    expect(findExerciseAt({ source, line: lineOf(source, 'return truncateResult(') })).toBe(
      undefined,
    );
    expect(findExerciseAt({ source, line: lineOf(source, 'const byName') })).toBe(undefined);
  });

  it('takes a TODO at the top level as owning the rest of the file', () => {
    const source = [
      'const limit = 1;',
      '// TODO(3): cut it',
      'export function cut() {',
      '  throw 1;',
      '}',
      '',
    ].join('\n');
    expect(findExerciseAt({ source, line: 1 })).toBe(undefined);
    expect(findExerciseAt({ source, line: 4 })).toBe(3);
  });

  it("reads a student's code, however it grew, as the TODO's until the block closes", () => {
    const source = [
      'class Merger {',
      '  // TODO(1): merge',
      '  push() {',
      '',
      '    throw new Error("x");',
      '  }',
      '}',
      'function helper() {',
      '  throw new Error("y");',
      '}',
    ].join('\n');
    expect(findExerciseAt({ source, line: 5 })).toBe(1);
    expect(findExerciseAt({ source, line: 9 })).toBe(undefined);
  });
});
