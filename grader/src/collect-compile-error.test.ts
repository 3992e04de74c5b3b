import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '@agent-course/course';
import { collectCompileError, findImportLine } from './collect-compile-error';

const failed = (id: string, message: string): CheckResult => ({
  id,
  title: id,
  status: 'error',
  errorKind: 'crashed',
  message,
  hint: 'src/a.ts — fix it',
});
const KIT_MISSING =
  "expected: the lab to load\ngot: importing src/index.ts failed: The requested module '<kit>/packages/core/src/index.js' does not provide an export named 'toModelTools'";

describe('collectCompileError', () => {
  it('marks every check the compile error stopped as not run, and leaves the others', async () => {
    const passed: CheckResult = { id: 'p', title: 'p', status: 'pass', message: '', hint: '' };
    const wrong: CheckResult = { ...failed('w', 'expected: 1\ngot: 2'), status: 'fail' };
    delete wrong.errorKind;
    const { results, compileError } = await collectCompileError({
      labDir: '/nowhere',
      results: [
        passed,
        failed(
          'a',
          'got: Transform failed with 1 error:\n<lab>/src/x.ts:4:1: ERROR: Unexpected "}"',
        ),
        wrong,
      ],
    });
    expect(compileError).toEqual({ where: 'src/x.ts:4', problems: ['src/x.ts:4: Unexpected "}"'] });
    expect(results).toEqual([
      passed,
      { ...failed('a', 'not run: the lab does not compile (src/x.ts:4)'), hint: '' },
      wrong,
    ]);
  });

  it("traces a kit package's missing export to the lab's line importing it", async () => {
    const labDir = await mkdtemp(join(tmpdir(), 'collect-compile-error-'));
    try {
      await mkdir(join(labDir, 'src', 'tools'), { recursive: true });
      await writeFile(join(labDir, 'src', 'index.ts'), "export { x } from './tools/x';\n");
      await writeFile(
        join(labDir, 'src', 'tools', 'x.ts'),
        "// tools\nimport {\n  toModelTool,\n  toModelTools,\n} from '@agent-course/core';\n",
      );
      const { compileError } = await collectCompileError({
        labDir,
        results: [failed('a', KIT_MISSING)],
      });
      expect(compileError).toEqual({
        where: 'src/tools/x.ts:4',
        problems: [
          'src/tools/x.ts:4: imports toModelTools from @agent-course/core, which does not export it',
        ],
      });
    } finally {
      await rm(labDir, { recursive: true, force: true });
    }
  });

  it("reads only the lab's own files for it: none that a link leads to, outside the lab", async () => {
    const root = await mkdtemp(join(tmpdir(), 'collect-compile-error-'));
    try {
      const labDir = join(root, 'lab');
      const outside = join(root, 'outside');
      await mkdir(join(labDir, 'src'), { recursive: true });
      await mkdir(outside);
      const importing = "// elsewhere\nimport { toModelTools } from '@agent-course/core';\n";
      await writeFile(join(outside, 'x.ts'), importing);
      await writeFile(join(labDir, 'src', 'index.ts'), 'export {};\n');
      await symlink(join(outside, 'x.ts'), join(labDir, 'src', 'linked.ts'));
      await symlink(outside, join(labDir, 'src', 'up'));
      const { compileError } = await collectCompileError({
        labDir,
        results: [failed('a', KIT_MISSING)],
      });
      // Said as the kit's message says it, placed at no line of the lab's.
      expect(compileError?.where).toBe(
        'the import of toModelTools from @agent-course/core, which has no such export',
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('findImportLine', () => {
  it.each([
    ["import { toModelTools } from '@agent-course/core';", 1],
    [
      'import type { Other } from \'@agent-course/core\';\nimport { a, toModelTools as b } from "@agent-course/core";',
      2,
    ],
    ["import { toModelToolsAll } from '@agent-course/core';", undefined],
    ["import { toModelTools } from '@agent-course/workspace';", undefined],
  ])('finds the line in %j', (source, line) => {
    expect(findImportLine({ source, name: 'toModelTools', module: '@agent-course/core' })).toBe(
      line,
    );
  });
});
