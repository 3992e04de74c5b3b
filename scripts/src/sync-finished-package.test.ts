import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';
import type { FinishedPackage } from './finished-packages';
import { generatedHeader, syncFinishedPackage } from './sync-finished-package';
import { testDayManifest } from './test-day-manifest';

const SOLUTION_A = [
  "import { b } from './b';",
  '// #region exercise 1',
  'export const a = b + 1;',
  '// #starter',
  '//> export const a = 0;',
  '// #endregion exercise 1',
  '',
].join('\n');

const finished: FinishedPackage = {
  day: 'd9',
  directory: 'packages/later',
  generated: ['src/a.ts', 'src/b.ts'],
  own: ['src/index.ts'],
};

async function createRoot(extra: Record<string, string> = {}): Promise<string> {
  return createTempRoot({
    'solutions/d9/day.ts': testDayManifest({ id: 'd9', files: ['src/a.ts'] }),
    'solutions/d9/src/a.ts': SOLUTION_A,
    'solutions/d9/src/b.ts': 'export const b = 2;\n',
    'packages/later/src/index.ts': "export { a } from './a';\n",
    ...extra,
  });
}

describe('syncFinishedPackage', () => {
  it("writes the solution's code without markers or starter lines, under a header naming its source", async () => {
    const root = await createRoot();
    const written = await syncFinishedPackage({ root, finished, check: false });
    expect(written.ok && written.plan.writes.map((write) => write.relativePath)).toEqual([
      'src/a.ts',
      'src/b.ts',
    ]);
    expect(await readFile(path.join(root, 'packages/later/src/a.ts'), 'utf8')).toBe(
      generatedHeader({ source: 'solutions/d9/src/a.ts', day: 'd9' }) +
        "import { b } from './b';\nexport const a = b + 1;\n",
    );
    const again = await syncFinishedPackage({ root, finished, check: true });
    expect(again.ok && again.plan).toMatchObject({ differences: [], unchanged: 2 });
  });

  it('names a hand edit and a stray copy, and writes nothing in check mode', async () => {
    const root = await createRoot();
    await syncFinishedPackage({ root, finished, check: false });
    const edited = path.join(root, 'packages/later/src/b.ts');
    await writeFile(edited, 'export const b = 3;\n');
    await writeFile(path.join(root, 'packages/later/src/copied.ts'), 'export const c = 1;\n');
    const checked = await syncFinishedPackage({ root, finished, check: true });
    expect(checked.ok && checked.plan.differences).toEqual([
      'packages/later/src/b.ts differs from what solutions/d9/src/b.ts generates',
      expect.stringMatching(
        /^packages\/later\/src\/copied\.ts is neither generated .* or remove it$/,
      ),
    ]);
    expect(await readFile(edited, 'utf8')).toBe('export const b = 3;\n');
  });

  it('refuses a source whose relative import the package would not have', async () => {
    const root = await createRoot();
    const result = await syncFinishedPackage({
      root,
      finished: { ...finished, generated: ['src/a.ts'] },
      check: false,
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          path: 'solutions/d9/src/a.ts',
          line: 1,
          reason:
            'imports ./b, which packages/later does not generate; add it to the list in packages/course/src/finished-packages.ts',
        },
      ],
    });
  });

  it('reports a listed source that does not exist', async () => {
    const root = await createRoot();
    const result = await syncFinishedPackage({
      root,
      finished: { ...finished, generated: [...finished.generated, 'src/gone.ts'] },
      check: true,
    });
    expect(result.ok ? [] : result.problems.map((problem) => problem.path)).toEqual([
      'solutions/d9/src/gone.ts',
    ]);
  });
});
