import { describe, expect, it } from 'vitest';
import type { GradeResult } from '@agent-course/course';
import { createTempRoot } from './create-temp-root';
import { runCourseCommand } from './run-course-command';
import type { RunGrader } from './run-grader';
import { runStarterCommand } from './run-starter-command';
import { testDayManifest } from './test-day-manifest';
import { startScript } from './start-script';

const TABLE =
  '<!-- exercises: generated from day.ts by `pnpm starter`; do not edit -->\n<!-- end of exercises -->\n';

function solutionFiles(options: {
  starterScore: number;
  checks: number;
  draft?: boolean;
  description?: string;
}) {
  const manifest = testDayManifest({
    id: 'd9',
    files: ['src/a.ts', 'src/b.ts'],
    overrides: {
      starterScore: options.starterScore,
      ...(options.draft ? { draft: true } : {}),
      checks: Array.from({ length: options.checks }, (_, index) => ({
        id: `check-${index}`,
        title: `check ${index}`,

        ...(index > 0 ? { exercise: Math.min(index, 2) } : {}),
        hints: { default: `TODO(${index})` },
      })),
    },
  });
  return {
    'solutions/d9/day.ts': manifest,
    'solutions/d9/README.md': `# Day 9\n\n${TABLE}`,
    'solutions/d9/package.json': `{ "name": "s", "description": "Day 9 reference solution: ${options.description ?? 'test'}.", "scripts": { "start": "${startScript('src/main.ts')}" } }\n`,
    'solutions/d9/src/a.ts':
      '// #region exercise 1\nexport const a = 1;\n// #endregion exercise 1\n',
    'solutions/d9/src/b.ts':
      '// #region exercise 2\nexport const b = 2;\n// #endregion exercise 2\n',
  };
}

type CheckLine = GradeResult['checks'][number];

const check = (id: string, passed: boolean, hint = ''): CheckLine => ({
  id,
  title: id,
  status: passed ? 'pass' : 'fail',
  message: passed ? '' : 'expected: x\ngot: y',
  hint: passed ? '' : hint,
});

/** A grader stand-in: the solution passes everything, the starter what `starterChecks` says. */
function fakeGrader(starterChecks: CheckLine[]): RunGrader {
  return async ({ day, labDir }) => {
    const checks = labDir.startsWith('solutions/')
      ? starterChecks.map((entry) => ({ ...entry, status: 'pass' as const, message: '', hint: '' }))
      : starterChecks;
    const score = checks.filter((entry) => entry.status === 'pass').length;
    return { ok: true, value: { day, lab: labDir, score, max: checks.length, checks } };
  };
}

async function run(options: {
  starterChecks: CheckLine[];
  starterScore: number;
  typecheckFails?: string;
  draft?: boolean;
  description?: string;
  args?: string[];
}) {
  const root = await createTempRoot(
    solutionFiles({
      starterScore: options.starterScore,
      checks: options.starterChecks.length,
      ...(options.draft ? { draft: true } : {}),
      ...(options.description ? { description: options.description } : {}),
    }),
  );
  await runStarterCommand({ root, args: ['d9'], print: () => {} });
  const lines: string[] = [];
  const code = await runCourseCommand({
    root,
    args: options.args ?? ['check'],
    print: (line) => lines.push(line),
    runGrader: fakeGrader(options.starterChecks),
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
      "✓ d9: the lesson pages' exercise tables and figures match solutions/d9/day.ts",
      '✓ d9: every exercise has a check in solutions/d9/day.ts',
      "✓ d9: solutions/d9's start script runs src/main.ts",
      '✓ d9: solutions/d9 builds on no earlier day, as day.ts says',
      '✓ d9: solutions/d9 typechecks',
      '✓ d9: labs/d9 typechecks',
      '✓ d9: no placeholder words of pnpm new-day are left',
      '✓ d9: labs/d9 scores its baseline 1/3',
      '✓ d9: solutions/d9 scores full marks 3/3',
      "✓ d9: solutions/d9's pages quote no figures but its scores",
      "✓ d9: failing checks' hints name TODO(1), TODO(2)",
      'course: 12 passed, 0 failed',
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
    expect(lines.at(-1)).toBe('course: 9 passed, 3 failed');
    expect(code).toBe(1);
  });

  it("fails a released day that still carries new-day's placeholder words, naming the file", async () => {
    const { code, lines } = await run({
      starterChecks: [
        check('loads', true),
        check('one', false, 'TODO(1)'),
        check('two', false, 'TODO(2)'),
      ],
      starterScore: 1,
      description: 'describe the day in one line',
    });
    expect(lines).toContain('✗ d9: solutions/d9 still has placeholder words of pnpm new-day');
    expect(lines).toContain(
      '    solutions/d9/package.json still says "describe the day in one line"; write the day\'s own words',
    );
    expect(code).toBe(1);
  });

  it('names a day that is not present instead of checking nothing', async () => {
    const lines: string[] = [];
    const code = await runCourseCommand({
      root: await createTempRoot({}),
      args: ['check'],
      print: (line) => lines.push(line),
    });
    expect(code).toBe(2);
    expect(lines[0]).toContain('present: none');
  });

  it('lists a draft day as a draft without grading it, and fails it with --release', async () => {
    const starterChecks = [
      check('loads', true),
      check('one', false, 'TODO(1)'),
      check('two', false, 'TODO(2)'),
    ];
    const draft = await run({ starterChecks, starterScore: 0, draft: true });
    expect(draft.lines.filter((line) => line.startsWith('•'))).toEqual([
      '• d9: d9 is a draft: scores not checked yet',
    ]);
    expect(draft.lines.some((line) => line.includes('scores its baseline'))).toBe(false);
    expect(draft.lines.at(-1)).toBe('course: 7 passed, 0 failed, 1 draft');
    expect(draft.code).toBe(0);

    const release = await run({
      starterChecks,
      starterScore: 0,
      draft: true,
      args: ['check', '--release'],
    });
    expect(release.lines).toContain('✗ d9: d9 is a draft; a release has none');
    expect(release.code).toBe(1);
  });

  it('fails a released day with a Chinese page but no Chinese task, saying what to add; passes once given', async () => {
    const files = solutionFiles({ starterScore: 1, checks: 3 });
    const chinesePage = { 'solutions/d9/README.zh-CN.md': `# 第 9 天\n\n${TABLE}` };
    const starterChecks = [
      check('a', true),
      check('b', false, 'TODO(1)'),
      check('c', false, 'TODO(2)'),
    ];
    const courseCheck = async (manifest: string) => {
      const root = await createTempRoot({
        ...files,
        ...chinesePage,
        'solutions/d9/day.ts': manifest,
      });
      await runStarterCommand({ root, args: ['d9'], print: () => {} });
      const lines: string[] = [];
      const code = await runCourseCommand({
        root,
        args: ['check'],
        print: (line) => lines.push(line),
        runGrader: fakeGrader(starterChecks),
        typecheckPackage: async () => ({ ok: true }),
      });
      const { readFile } = await import('node:fs/promises');
      return { code, lines, page: await readFile(`${root}/labs/d9/README.zh-CN.md`, 'utf8') };
    };

    const untranslated = await courseCheck(files['solutions/d9/day.ts']);
    expect(untranslated.lines).toContain(
      '✗ d9: solutions/d9/day.ts gives no Chinese task for TODO(1), TODO(2), which solutions/d9/README.zh-CN.md and labs/d9/README.zh-CN.md show in their exercise table',
    );
    expect(untranslated.lines).toContain(
      "    add `translations: { 'zh-CN': { task: '…' } }` to exercise 2 (\"task 2\"): one line, written for a Chinese reader",
    );
    expect(untranslated.code).toBe(1);
    // Until it is translated, the Chinese table shows the English task rather than an empty cell.
    expect(untranslated.page).toContain('| TODO(1) | `src/a.ts` | task 1 |');

    const translated = testDayManifest({
      id: 'd9',
      files: ['src/a.ts', 'src/b.ts'],
      overrides: {
        starterScore: 1,
        exercises: ['一', '二'].map((number, index) => ({
          number: index + 1,
          file: ['src/a.ts', 'src/b.ts'][index]!,
          task: `task ${index + 1}`,
          details: 'details',
          translations: { 'zh-CN': { task: `任务${number}` } },
        })),
        checks: starterChecks.map((entry, index) => ({
          id: entry.id,
          title: entry.id,

          ...(index > 0 ? { exercise: index } : {}),
          hints: { default: `TODO(${index})` },
        })),
      },
    });
    const done = await courseCheck(translated);
    expect(done.lines).toContain(
      '✓ d9: every exercise in solutions/d9/day.ts has its task in Chinese for solutions/d9/README.zh-CN.md and labs/d9/README.zh-CN.md',
    );
    expect(done.page).toContain('| 练习    | 文件       | 任务   | 对应检查 |');
    expect(done.page).toContain('| TODO(2) | `src/b.ts` | 任务二 | `c`      |');
    expect(done.code, done.lines.join('\n')).toBe(0);
  });

  it('fails a lesson page whose exercise table is out of date', async () => {
    const root = await createTempRoot(solutionFiles({ starterScore: 1, checks: 3 }));
    await runStarterCommand({ root, args: ['d9'], print: () => {} });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(`${root}/labs/d9/README.md`, `# Day 9\n\n${TABLE}`);
    const lines: string[] = [];
    await runCourseCommand({
      root,
      args: ['check'],
      print: (line) => lines.push(line),
      runGrader: fakeGrader([
        check('a', true),
        check('b', false, 'TODO(1)'),
        check('c', false, 'TODO(2)'),
      ]),
      typecheckPackage: async () => ({ ok: true }),
    });
    expect(lines).toContain(
      '✗ d9: labs/d9/README.md its exercise table or figures differ from day.ts; run `pnpm starter d9`',
    );
  });
});
