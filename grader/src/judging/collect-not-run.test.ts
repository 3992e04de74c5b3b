import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { CompileError } from '@agent-course/course';
import { collectNotRun } from './collect-not-run';
import type { JudgedResult, NotRun } from './judged-result';

const passed: JudgedResult = { id: 'p', title: 'p', status: 'pass', message: '', hint: '' };
const wrong: JudgedResult = {
  id: 'w',
  title: 'w',
  status: 'fail',
  message: 'expected: 1\ngot: 2',
  hint: 'src/w.ts, TODO(1) — fix it',
};
const stopped = (id: string, notRun: NotRun): JudgedResult => ({
  id,
  title: id,
  status: 'error',
  errorKind: 'crashed',
  message: 'expected: the lab to load\ngot: whatever the process said',
  hint: 'src/a.ts, TODO(1) — fix it',
  notRun,
});
const COMPILE: CompileError = { where: 'src/x.ts:4', problems: ['src/x.ts:4: Unexpected "}"'] };
const noKitImportError = () => Promise.resolve(undefined);

describe('collectNotRun', () => {
  it('marks every check the compile error stopped as not run, without hints, and leaves the others', async () => {
    const collected = await collectNotRun({
      labDir: '/nowhere',
      results: [passed, stopped('a', { kind: 'compile', compileError: COMPILE }), wrong],
      findKitImportError: noKitImportError,
    });
    expect(collected.compileError).toEqual(COMPILE);
    expect(collected.loadError).toBeUndefined();
    expect([...collected.notRun]).toEqual(['a']);
    expect(collected.results).toEqual([
      passed,
      {
        ...stopped('a', { kind: 'compile', compileError: COMPILE }),
        message: 'not run: the lab does not compile (src/x.ts:4)',
        hint: '',
      },
      wrong,
    ]);
  });

  it('says the first place to fix for every check, with each problem once', async () => {
    const other: CompileError = {
      where: 'src/main.ts:2',
      problems: ['src/main.ts:2: Unexpected ";"', ...COMPILE.problems],
    };
    const collected = await collectNotRun({
      labDir: '/nowhere',
      results: [
        stopped('a', { kind: 'compile', compileError: COMPILE }),
        stopped('b', { kind: 'compile', compileError: other }),
      ],
      findKitImportError: noKitImportError,
    });
    expect(collected.compileError).toEqual({
      where: 'src/x.ts:4',
      problems: ['src/x.ts:4: Unexpected "}"', 'src/main.ts:2: Unexpected ";"'],
    });
    expect(collected.results.map((result) => result.message)).toEqual([
      'not run: the lab does not compile (src/x.ts:4)',
      'not run: the lab does not compile (src/x.ts:4)',
    ]);
  });

  it('marks every check the throw at load stopped as not run, and names the TODO owning the line', async () => {
    const labDir = await mkdtemp(join(tmpdir(), 'collect-not-run-'));
    try {
      await mkdir(join(labDir, 'src'));
      await writeFile(
        join(labDir, 'src', 'a.ts'),
        "// #region exercise 2\nconst limit = 1;\nthrow new Error('top-level boom');\n// #endregion exercise 2\n",
      );
      const threw: NotRun = { kind: 'load', where: 'src/a.ts:3', reason: 'top-level boom' };
      const collected = await collectNotRun({
        labDir,
        results: [passed, stopped('a', threw), wrong],
        findKitImportError: noKitImportError,
      });
      expect(collected.loadError).toEqual({
        where: 'src/a.ts:3',
        reason: 'top-level boom',
        exercise: 2,
      });
      expect(collected.compileError).toBeUndefined();
      expect(collected.results[1]).toMatchObject({
        status: 'error',
        errorKind: 'crashed',
        message: 'not run: the lab does not load (src/a.ts:3)',
        hint: '',
      });
      expect([...collected.notRun]).toEqual(['a']);
    } finally {
      await rm(labDir, { recursive: true, force: true });
    }
  });

  it('says a load that never finished, blaming no TODO, and looks for no kit import then', async () => {
    const findKitImportError = vi.fn(noKitImportError);
    const unfinished: NotRun = {
      kind: 'load',
      where: 'src/index.ts',
      reason: 'it sat idle for 10 s',
      unfinished: true,
    };
    const collected = await collectNotRun({
      labDir: '/nowhere',
      results: [stopped('a', unfinished)],
      findKitImportError,
    });
    expect(collected.loadError).toEqual({
      where: 'src/index.ts',
      reason: 'it sat idle for 10 s',
      unfinished: true,
    });
    expect(collected.results[0]?.message).toBe(
      'not run: the lab never finishes loading (src/index.ts)',
    );
    expect(findKitImportError).not.toHaveBeenCalled();
  });

  it("makes a load that failed on a kit import a compile error at the lab's line", async () => {
    const kitImport: CompileError = {
      where: 'src/tools/x.ts:4',
      problems: [
        'src/tools/x.ts:4: imports toModelTools from @agent-course/core, which does not export it',
      ],
    };
    const collected = await collectNotRun({
      labDir: '/nowhere',
      results: [
        stopped('a', {
          kind: 'load',
          where: 'src/index.ts',
          reason:
            "The requested module '<kit>/packages/core/src/index.js' does not provide an export named 'toModelTools'",
        }),
      ],
      findKitImportError: () => Promise.resolve(kitImport),
    });
    expect(collected.compileError).toEqual(kitImport);
    expect(collected.loadError).toBeUndefined();
    expect(collected.results[0]).toMatchObject({
      message: 'not run: the lab does not compile (src/tools/x.ts:4)',
      notRun: { kind: 'compile', compileError: kitImport },
    });
  });

  it('goes by what the check reported, not by how its message reads', async () => {
    const findKitImportError = vi.fn(noKitImportError);
    const saysNotRun: JudgedResult = {
      ...wrong,
      message:
        'expected: the lab to load\ngot: importing src/index.ts failed: not run: the lab does not compile',
    };
    const collected = await collectNotRun({
      labDir: '/nowhere',
      results: [passed, saysNotRun],
      findKitImportError,
    });
    expect(collected).toEqual({ results: [passed, saysNotRun], notRun: new Set() });
    expect(findKitImportError).not.toHaveBeenCalled();
  });
});
