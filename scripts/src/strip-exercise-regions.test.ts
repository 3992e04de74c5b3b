import { describe, expect, it } from 'vitest';
import { stripExerciseRegions } from './strip-exercise-regions';

/** The day's exercises as its manifest would declare them. */
const exercises = [1, 2, 3, 4].map((number) => ({
  number,
  file: 'src/example.ts',
  task: number === 1 ? 'return the sum of a and b' : `task ${number}`,
  details: '',
}));

const strip = (lines: string[], options: { details?: string } = {}) =>
  stripExerciseRegions({
    path: 'src/example.ts',
    text: lines.join('\n'),
    exercises: exercises.map((exercise) => ({ ...exercise, details: options.details ?? '' })),
  });

function problemsOf(lines: string[]) {
  const result = strip(lines);
  if (result.ok) throw new Error('expected marker problems, got a starter');
  return result.problems.map((problem) => `${problem.path}:${problem.line}: ${problem.reason}`);
}

describe('stripExerciseRegions', () => {
  it('replaces a region by its TODO line and starter lines at the region indentation', () => {
    const result = strip([
      'export function add(a: number, b: number): number {',
      '  // #region exercise 1',
      '  return a + b;',
      '  // #starter',
      "  //> throw new Error('not implemented');",
      '  //>',
      '  //>   return 0;',
      '  // #endregion exercise 1',
      '}',
    ]);
    expect(result).toEqual({
      ok: true,
      text: [
        'export function add(a: number, b: number): number {',
        '  // TODO(1): return the sum of a and b',
        "  throw new Error('not implemented');",
        '',
        '    return 0;',
        '}',
      ].join('\n'),
      regions: [{ number: 1, line: 2, solutionLines: ['  return a + b;'] }],
    });
  });

  it("writes the manifest's task on the TODO line and wraps its details at 100 columns under it", () => {
    const details = Array.from({ length: 30 }, (_, index) => `word${index}`).join(' ');
    const result = strip(
      ['    // #region exercise 2', '    x();', '    // #endregion exercise 2'],
      {
        details,
      },
    );
    if (!result.ok) throw new Error('expected a starter');
    const lines = result.text.split('\n');
    expect(lines.every((line) => line.length <= 100)).toBe(true);
    expect(lines[0]).toBe('    // TODO(2): task 2');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1).every((line) => line.startsWith('    //   word'))).toBe(true);
    expect(
      lines
        .slice(1)
        .map((line) => line.replace(/^ {4}\/\/ {3}/, ''))
        .join(' ')
        .split(' '),
    ).toEqual(details.split(' '));
  });

  it('keeps no code for a region without #starter and leaves the rest untouched', () => {
    const result = strip([
      'const kept = 1;',
      '// #region exercise 2',
      'const limit = 8000;',
      '// #endregion exercise 2',
      'const alsoKept = 2;',
    ]);
    expect(result.ok && result.text).toBe(
      ['const kept = 1;', '// TODO(2): task 2', 'const alsoKept = 2;'].join('\n'),
    );
  });

  it('leaves a file without markers byte for byte', () => {
    const text = 'export const a = 1;\n\n// a comment // with slashes\n';
    expect(stripExerciseRegions({ path: 'a.ts', text, exercises })).toEqual({
      ok: true,
      text,
      regions: [],
    });
  });

  it.each([
    {
      kind: 'nested region',
      lines: ['// #region exercise 1', '// #region exercise 2', '// #endregion exercise 1'],
      expected: 'src/example.ts:2: exercise 2 starts inside exercise 1 (opened at line 1)',
    },
    {
      kind: 'unclosed region',
      lines: ['x;', '// #region exercise 1', 'y;'],
      expected: 'src/example.ts:2: exercise 1 is never closed',
    },
    {
      kind: 'unnumbered region',
      lines: ['// #region exercise: a', '// #endregion exercise 1'],
      expected: 'src/example.ts:1: region marker needs a number',
    },
    {
      kind: 'region in the previous grammar, with its text on the marker',
      lines: ['// #region exercise 1: a', '// #endregion exercise 1'],
      expected:
        "src/example.ts:1: the exercise's text belongs in day.ts (its task and details); shorten the marker to `// #region exercise 1`",
    },
    {
      kind: 'region the manifest does not list',
      lines: ['// #region exercise 9', '// #endregion exercise 9'],
      expected: 'src/example.ts:1: exercise 9 is not in day.ts',
    },
    {
      kind: 'bare editor region',
      lines: ['// #region helpers', '// #endregion'],
      expected: 'src/example.ts:1: region marker needs a number',
    },
    {
      kind: 'unnumbered end',
      lines: ['// #region exercise 1', '// #endregion'],
      expected: 'src/example.ts:2: end marker needs the exercise number',
    },
    {
      kind: 'end number not matching',
      lines: ['// #region exercise 1', '// #endregion exercise 2'],
      expected: 'src/example.ts:2: `#endregion exercise 2` closes exercise 1',
    },
    {
      kind: 'end without region',
      lines: ['x;', '// #endregion exercise 1'],
      expected: 'src/example.ts:2: end marker without an open exercise region',
    },
    {
      kind: '#starter outside a region',
      lines: ['x;', '// #starter'],
      expected: 'src/example.ts:2: `// #starter` outside an exercise region',
    },
    {
      kind: 'second #starter',
      lines: ['// #region exercise 1', '// #starter', '// #starter', '// #endregion exercise 1'],
      expected: 'src/example.ts:3: exercise 1 already has `// #starter` at line 2',
    },
    {
      kind: 'starter line outside a starter section',
      lines: ['// #region exercise 1', '//> x;', '// #endregion exercise 1'],
      expected: 'src/example.ts:2: a `//>` starter line belongs after `// #starter`',
    },
    {
      kind: 'code after #starter',
      lines: ['// #region exercise 1', '// #starter', 'x;', '// #endregion exercise 1'],
      expected: 'src/example.ts:3: after `// #starter` only `//> ` starter lines may follow',
    },
    {
      kind: 'duplicate exercise number',
      lines: [
        '// #region exercise 1',
        '// #endregion exercise 1',
        '// #region exercise 1',
        '// #endregion exercise 1',
      ],
      expected: 'src/example.ts:3: exercise 1 is already defined at line 1',
    },
  ])('reports a $kind with file:line and the reason', ({ lines, expected }) => {
    const problems = problemsOf(lines);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });

  it('reports every problem of a file, not only the first', () => {
    const problems = problemsOf([
      '// #starter',
      '// #region exercise 3',
      '// #endregion exercise 4',
      '// #region exercise 2',
    ]);
    expect(problems.map((problem) => problem.split(':')[1])).toEqual(['1', '3', '4']);
  });
});
