import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '@agent-course/course';
import { collectLoadError, describeLoadError } from './collect-load-error';

const crashed = (id: string, message: string): CheckResult => ({
  id,
  title: id,
  status: 'error',
  errorKind: 'crashed',
  message,
  hint: 'src/a.ts, TODO(1) — fix it',
});
const THREW =
  'expected: the lab to load\ngot: importing src/index.ts failed: top-level boom (at src/a.ts:3)';

describe('describeLoadError', () => {
  it('reads the place that threw, or the file imported when no line of the lab is known', () => {
    expect(describeLoadError(THREW)).toEqual({ where: 'src/a.ts:3', reason: 'top-level boom' });
    expect(
      describeLoadError('expected: the lab to load\ngot: importing src/main.ts failed: a\nb'),
    ).toEqual({ where: 'src/main.ts', reason: 'a\nb' });
  });

  it('reads a load that never finished, which names the file imported and no line', () => {
    expect(
      describeLoadError(
        'expected: the lab to load\ngot: never finished importing src/index.ts: it sat idle for 10 s',
      ),
    ).toEqual({ where: 'src/index.ts', reason: 'it sat idle for 10 s', unfinished: true });
  });

  it('leaves every other failure alone, a throw while a check ran included', () => {
    expect(
      describeLoadError(
        'expected: the check to run to the end\ngot: it threw: boom (at src/a.ts:3)',
      ),
    ).toBe(undefined);
    expect(describeLoadError('expected: 8054\ngot: importing src/index.ts failed: x')).toBe(
      undefined,
    );
  });
});

describe('collectLoadError', () => {
  it('marks every check the throw stopped as not run, without hints, and names the TODO owning the line', async () => {
    const labDir = await mkdtemp(join(tmpdir(), 'collect-load-error-'));
    try {
      await mkdir(join(labDir, 'src'));
      await writeFile(
        join(labDir, 'src', 'a.ts'),
        "// #region exercise 2\nconst limit = 1;\nthrow new Error('top-level boom');\n// #endregion exercise 2\n",
      );
      const passed: CheckResult = { id: 'p', title: 'p', status: 'pass', message: '', hint: '' };
      const wrong: CheckResult = { ...crashed('w', 'expected: 1\ngot: 2'), status: 'fail' };
      delete wrong.errorKind;
      const { results, loadError } = await collectLoadError({
        labDir,
        results: [passed, crashed('a', THREW), wrong],
      });
      expect(loadError).toEqual({ where: 'src/a.ts:3', reason: 'top-level boom', exercise: 2 });
      expect(results).toEqual([
        passed,
        { ...crashed('a', 'not run: the lab does not load (src/a.ts:3)'), hint: '' },
        wrong,
      ]);
    } finally {
      await rm(labDir, { recursive: true, force: true });
    }
  });

  it('gives no load error for a lab that loads', async () => {
    const wrong = crashed('w', 'expected: the check to run to the end\ngot: it threw: x');
    expect(await collectLoadError({ labDir: '/nowhere', results: [wrong] })).toEqual({
      results: [wrong],
    });
  });
});
