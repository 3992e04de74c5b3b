import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';
import type { GradeLab, GraderReport } from './grade-lab';
import { runCourseCommand } from './run-course-command';
import { runStarterCommand } from './run-starter-command';

const solutionFiles = {
  'solutions/d9/package.json':
    '{ "name": "s", "description": "Day 9 reference solution: test." }\n',
  'solutions/d9/src/a.ts':
    '// #region exercise 1: return one\nexport const a = 1;\n// #endregion exercise 1\n',
  'solutions/d9/src/b.ts':
    '// #region exercise 2: return two\nexport const b = 2;\n// #endregion exercise 2\n',
};

const check = (id: string, passed: boolean, hint = ''): GraderReport['checks'][number] => ({
  id,
  status: passed ? 'pass' : 'fail',
  hint: passed ? '' : hint,
});

/** A grader stand-in: the solution passes everything, the starter what `starterChecks` says. */
function fakeGrader(starterChecks: GraderReport['checks']): GradeLab {
  return async ({ labDir }) => {
    const checks = labDir.startsWith('solutions/')
      ? starterChecks.map((entry) => ({ ...entry, status: 'pass' as const, hint: '' }))
      : starterChecks;
    const score = checks.filter((entry) => entry.status === 'pass').length;
    return { ok: true, value: { score, max: checks.length, checks } };
  };
}

async function run(options: {
  starterChecks: GraderReport['checks'];
  starterScore: number;
  typecheckFails?: string;
}) {
  const root = await createTempRoot(solutionFiles);
  await runStarterCommand({ root, args: ['d9'], print: () => {} });
  const lines: string[] = [];
  const code = await runCourseCommand({
    root,
    args: ['check'],
    print: (line) => lines.push(line),
    courseDays: { d9: { starterScore: options.starterScore, max: options.starterChecks.length } },
    gradeLab: fakeGrader(options.starterChecks),
    typecheckPackage: async ({ directory }) =>
      directory === options.typecheckFails
        ? { ok: false, error: 'a.ts(1,1): error TS1000' }
        : { ok: true },
  });
  return { code, lines };
}

describe('pnpm course check', () => {
  it('passes a day whose invariants all hold, one line each', async () => {
    const { code, lines } = await run({
      starterChecks: [
        check('loads', true),
        check('one', false, 'src/a.ts, TODO(1)'),
        check('two', false, 'TODO(2)'),
      ],
      starterScore: 1,
    });
    expect(lines).toEqual([
      '✓ d9: labs/d9 equals its generated form',
      '✓ d9: solutions/d9 typechecks',
      '✓ d9: labs/d9 typechecks',
      '✓ d9: labs/d9 scores its baseline 1/3',
      '✓ d9: solutions/d9 scores full marks 3/3',
      "✓ d9: failing checks' hints name TODO(1), TODO(2)",
      'course: 6 passed, 0 failed',
    ]);
    expect(code).toBe(0);
  });

  it('fails on a wrong baseline, a missing hint and a package that does not typecheck', async () => {
    const { code, lines } = await run({
      starterChecks: [check('loads', true), check('one', false, 'see TODO(1)'), check('two', true)],
      starterScore: 1,
      typecheckFails: 'labs/d9',
    });
    expect(lines.filter((line) => line.startsWith('✗'))).toEqual([
      '✗ d9: labs/d9 does not typecheck',
      '✗ d9: labs/d9 scores 2/3, declared baseline 1/3',
      "✗ d9: no failing check's hint names TODO(2)",
    ]);
    expect(lines).toContain(
      '    exercise 2 (solutions/d9/src/b.ts:1) needs a check that fails on the starter with a hint naming TODO(2)',
    );
    expect(lines.at(-1)).toBe('course: 3 passed, 3 failed');
    expect(code).toBe(1);
  });

  it('names a day that is not present instead of checking nothing', async () => {
    const lines: string[] = [];
    const code = await runCourseCommand({
      root: await createTempRoot({}),
      args: ['check'],
      print: (line) => lines.push(line),
    });
    expect(code).toBe(1);
    expect(lines[0]).toContain('present: none');
  });
});
