import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';
import { testDayManifest } from './test-day-manifest';
import { listPackageFiles } from './list-package-files';
import { syncStarter } from './sync-starter';
import { TABLE_BEGIN, TABLE_END } from './exercise-table';

const solutionPackage = JSON.stringify(
  {
    name: '@agent-course/d9-solution',
    description: 'Day 9 reference solution: a tiny day for tests.',
    scripts: { start: 'tsx src/main.ts', typecheck: 'tsc -p .', test: 'vitest run' },
  },
  null,
  2,
);

const sumSource = [
  'export function sum(values: number[]): number {',
  '  // #region exercise 1',
  '  return values.reduce((total, value) => total + value, 0);',
  '  // #starter',
  '  //> return 0;',
  '  // #endregion exercise 1',
  '}',
  '',
].join('\n');

function dayNine(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'solutions/d9/day.ts': testDayManifest({ id: 'd9', files: ['src/sum.ts'] }),
    'solutions/d9/package.json': solutionPackage,
    'solutions/d9/tsconfig.json': '{ "include": ["src"] }\n',
    'solutions/d9/README.md': '# Day 9 (instructor notes)\n',
    'solutions/d9/src/sum.ts': sumSource,
    'solutions/d9/src/sum.test.ts': "import { sum } from './sum';\n",
    'solutions/d9/node_modules/ignored/index.js': 'ignored\n',
    'solutions/d9/.turbo/turbo-test.log': 'ignored\n',
    ...extra,
  };
}

const read = (root: string, relativePath: string) =>
  readFile(path.join(root, relativePath), 'utf8');

describe('syncStarter', () => {
  it('generates the lab: regions replaced, tests copied, package.json transformed, caches skipped', async () => {
    const root = await createTempRoot(dayNine());
    const result = await syncStarter({ root, day: 'd9', check: false });
    expect(result.ok).toBe(true);
    expect(await listPackageFiles(path.join(root, 'labs/d9'))).toEqual([
      'README.md',
      'day.ts',
      'package.json',
      'src/sum.test.ts',
      'src/sum.ts',
      'tsconfig.json',
    ]);
    expect(await read(root, 'labs/d9/src/sum.ts')).toBe(
      [
        'export function sum(values: number[]): number {',
        '  // TODO(1): task 1',
        '  //   details of exercise 1',
        '  return 0;',
        '}',
        '',
      ].join('\n'),
    );
    expect(JSON.parse(await read(root, 'labs/d9/package.json'))).toEqual({
      name: '@agent-course/d9-lab',
      description: 'Day 9 starter: a tiny day for tests.',
      scripts: { start: 'tsx src/main.ts', typecheck: 'tsc -p .', test: 'vitest run' },
    });
  });

  it('is idempotent: a second run rewrites nothing', async () => {
    const root = await createTempRoot(dayNine());
    await syncStarter({ root, day: 'd9', check: false });
    const before = (await stat(path.join(root, 'labs/d9/src/sum.ts'))).mtimeMs;
    const again = await syncStarter({ root, day: 'd9', check: false });
    expect(again.ok && again.plan.writes).toEqual([]);
    expect(again.ok && again.plan.removals).toEqual([]);
    expect((await stat(path.join(root, 'labs/d9/src/sum.ts'))).mtimeMs).toBe(before);
    const check = await syncStarter({ root, day: 'd9', check: true });
    expect(check.ok && check.plan.differences).toEqual([]);
  });

  it('check mode names changed, missing and lab-only files and writes nothing', async () => {
    const root = await createTempRoot(dayNine());
    await syncStarter({ root, day: 'd9', check: false });
    await writeFile(
      path.join(root, 'solutions/d9/src/sum.ts'),
      sumSource.replace('total + value', 'value + total'),
    );
    await writeFile(path.join(root, 'solutions/d9/src/added.ts'), 'export const added = 1;\n');
    await writeFile(path.join(root, 'labs/d9/src/stale.ts'), 'export const stale = 1;\n');
    await writeFile(path.join(root, 'labs/d9/README.md'), '# Day 9, the student page\n');

    const check = await syncStarter({ root, day: 'd9', check: true });
    expect(
      check.ok && check.plan.differences.map(({ path: file, kind }) => `${kind} ${file}`),
    ).toEqual(['missing labs/d9/src/added.ts', 'extra labs/d9/src/stale.ts']);
    expect(await listPackageFiles(path.join(root, 'labs/d9'))).toContain('src/stale.ts');

    await writeFile(path.join(root, 'labs/d9/src/sum.ts'), 'edited by hand\n');
    const edited = await syncStarter({ root, day: 'd9', check: true });
    const changed = edited.ok
      ? edited.plan.differences.filter(({ kind }) => kind === 'changed')
      : [];
    expect(changed.map(({ message }) => message)).toEqual([
      'labs/d9/src/sum.ts differs from what solutions/d9/src/sum.ts generates',
    ]);
  });

  it('regenerating fixes the differences and never touches the lab README', async () => {
    const root = await createTempRoot(dayNine({ 'labs/d9/README.md': '# the student page\n' }));
    await syncStarter({ root, day: 'd9', check: false });
    await writeFile(path.join(root, 'labs/d9/src/stale.ts'), 'export const stale = 1;\n');
    await syncStarter({ root, day: 'd9', check: false });
    const check = await syncStarter({ root, day: 'd9', check: true });
    expect(check.ok && check.plan.differences).toEqual([]);
    expect(await listPackageFiles(path.join(root, 'labs/d9'))).not.toContain('src/stale.ts');
    expect(await read(root, 'labs/d9/README.md')).toBe('# the student page\n');
  });

  it("writes each figure from the manifest in the page's language, and names a figure it lacks", async () => {
    const figured = (text: string) => `${TABLE_BEGIN}\n${TABLE_END}\n\n${text}\n`;
    const manifest = testDayManifest({
      id: 'd9',
      files: ['src/sum.ts'],
      overrides: { figures: { 'fed-back': [50, 1361, 248], truncated: 8054 } },
    });
    const root = await createTempRoot(
      dayNine({
        'solutions/d9/day.ts': manifest,
        'solutions/d9/README.md': figured(
          'feeds back <!-- figure fed-back -->1, 2<!-- /figure --> characters; ' +
            'cut to <!-- figure truncated -->9<!-- /figure -->; the goal is ' +
            '<!-- figure full-score -->?<!-- /figure -->, the starter ' +
            '<!-- figure starter-score -->?<!-- /figure -->',
        ),
        'solutions/d9/README.zh-CN.md': figured(
          '回传 <!-- figure fed-back --><!-- /figure --> 个字符',
        ),
        'labs/d9/README.md': figured('<!-- figure tool-share -->5<!-- /figure -->'),
      }),
    );
    const check = await syncStarter({ root, day: 'd9', check: true });
    expect(check.ok && check.stalePages).toEqual([
      {
        path: 'solutions/d9/README.md',
        reason: expect.stringContaining('figures differ from day.ts; run `pnpm starter d9`'),
      },
      {
        path: 'solutions/d9/README.zh-CN.md',
        reason: expect.stringContaining('figures differ from day.ts'),
      },
      {
        path: 'labs/d9/README.md',
        reason:
          'quotes figure "tool-share", which solutions/d9/day.ts does not have; add it to figures there, or use one of: fed-back, truncated, starter-score, full-score',
      },
    ]);
    await syncStarter({ root, day: 'd9', check: false });
    expect(await read(root, 'solutions/d9/README.md')).toContain(
      'feeds back <!-- figure fed-back -->50, 1,361, 248<!-- /figure --> characters; ' +
        'cut to <!-- figure truncated -->8,054<!-- /figure -->; the goal is ' +
        '<!-- figure full-score -->1/1<!-- /figure -->, the starter ' +
        '<!-- figure starter-score -->0/1<!-- /figure -->',
    );
    expect(await read(root, 'solutions/d9/README.zh-CN.md')).toContain(
      '回传 <!-- figure fed-back -->50、1,361、248<!-- /figure --> 个字符',
    );
    // The page quoting an unknown figure is left as it was, for its author to fix.
    expect(await read(root, 'labs/d9/README.md')).toContain(
      '<!-- figure tool-share -->5<!-- /figure -->',
    );
  });

  it('keeps the Chinese lesson page owned by the lab and writes its exercise table with its own headings', async () => {
    const markers = `${TABLE_BEGIN}\n${TABLE_END}\n`;
    const root = await createTempRoot(
      dayNine({
        'solutions/d9/README.md': `# Day 9 (reference solution)\n\n${markers}`,
        'solutions/d9/README.zh-CN.md': `# 第 9 天（参考答案）\n\n${markers}`,
        'labs/d9/README.zh-CN.md': `# 第 9 天\n\n${markers}`,
      }),
    );
    const stale = await syncStarter({ root, day: 'd9', check: true });
    expect(stale.ok && stale.stalePages.map(({ path: file }) => file)).toEqual([
      'solutions/d9/README.md',
      'solutions/d9/README.zh-CN.md',
      'labs/d9/README.zh-CN.md',
    ]);
    await syncStarter({ root, day: 'd9', check: false });
    const lab = await read(root, 'labs/d9/README.zh-CN.md');
    expect(lab.startsWith('# 第 9 天\n')).toBe(true);
    expect(lab).toContain('| 练习    | 文件');
    const check = await syncStarter({ root, day: 'd9', check: true });
    expect(check.ok && [...check.plan.differences, ...check.stalePages]).toEqual([]);
  });

  it('a broken marker in any file gives file:line and writes nothing at all', async () => {
    const root = await createTempRoot(
      dayNine({
        'solutions/d9/day.ts': testDayManifest({
          id: 'd9',
          files: ['src/sum.ts', 'src/broken.ts'],
        }),
        'solutions/d9/src/broken.ts': 'const a = 1;\n// #region exercise 2\nconst b = 2;\n',
      }),
    );
    const result = await syncStarter({ root, day: 'd9', check: false });
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          path: 'solutions/d9/src/broken.ts',
          line: 2,
          reason: 'exercise 2 is never closed; add `// #endregion exercise 2`',
        },
      ],
    });
    expect(await listPackageFiles(path.join(root, 'labs/d9'))).toEqual([]);
  });

  it('reports an exercise number used in two files with both places', async () => {
    const root = await createTempRoot(
      dayNine({
        'solutions/d9/src/twice.ts': '// #region exercise 1\n// #endregion exercise 1\n',
      }),
    );
    const result = await syncStarter({ root, day: 'd9', check: true });
    expect(!result.ok && result.problems).toEqual([
      {
        path: 'solutions/d9/src/twice.ts',
        line: 1,
        reason:
          'exercise 1 is already defined at solutions/d9/src/sum.ts:2; number each exercise once',
      },
    ]);
  });

  it('refuses a solution package.json whose description cannot become a starter one', async () => {
    const root = await createTempRoot(
      dayNine({ 'solutions/d9/package.json': '{ "name": "x", "description": "Day 9" }\n' }),
    );
    const result = await syncStarter({ root, day: 'd9', check: false });
    expect(!result.ok && result.problems[0]?.path).toBe('solutions/d9/package.json');
  });

  it('rejects a malformed day and a missing solution with a next step', async () => {
    const root = await createTempRoot({});
    const badDay = await syncStarter({ root, day: 'day3', check: true });
    expect(!badDay.ok && badDay.problems[0]?.reason).toBe('expected a day such as d3, got "day3"');
    const missing = await syncStarter({ root, day: 'd4', check: true });
    expect(!missing.ok && missing.problems[0]?.reason).toContain('pnpm new-day d4');
  });
});
