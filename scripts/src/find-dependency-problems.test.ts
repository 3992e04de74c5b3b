import { readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRoot } from './create-temp-root';
import { findDependencyProblems, importedPackages } from './find-dependency-problems';
import { REPO_ROOT } from './repo-root';
import { scaffoldDay } from './scaffold-day';

describe('findDependencyProblems', () => {
  it('finds every package of this repository declaring exactly what it imports', async () => {
    expect(await findDependencyProblems(REPO_ROOT)).toEqual([]);
  });

  it('names an undeclared import, a dependency only tests use, an unused one and a missing tsx', async () => {
    const root = await createTempRoot({
      'package.json': JSON.stringify({ devDependencies: { vitest: '^4' } }),
      'grader/package.json': JSON.stringify({
        name: '@x/grader',
        scripts: { start: 'tsx src/main.ts', test: 'vitest run' },
        dependencies: { chalk: '^5', execa: '^9' },
      }),
      'grader/src/main.ts':
        "import { z } from 'zod';\nimport { readFile } from 'node:fs';\nexport const schema = z;\n",
      'grader/src/main.test.ts': "import { execa } from 'execa';\nimport { it } from 'vitest';\n",
    });
    const problems = await findDependencyProblems(root);
    expect(
      problems.map(({ dependency, reason }) => `${dependency}: ${reason.split(';')[0]}`).sort(),
    ).toEqual([
      'chalk: declared but never imported',
      'execa: only tests use it',
      'tsx: imported at run time but not in dependencies',
      'zod: imported at run time but not in dependencies',
    ]);
  });

  it('finds nothing to fix in a day that pnpm new-day just scaffolded', async () => {
    const kitManifest = await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8');
    const base = await readFile(path.join(REPO_ROOT, 'tsconfig.base.json'), 'utf8');
    const root = await createTempRoot({ 'package.json': kitManifest, 'tsconfig.base.json': base });
    // The new day's manifest imports @agent-course/course, which the kit's root modules hold.
    await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    expect(await scaffoldDay({ root, day: 'd4' })).toMatchObject({ ok: true });
    expect(await findDependencyProblems(root)).toEqual([]);
  });

  it('reads every import form and ignores relative paths, built-ins and code inside strings', () => {
    const text = [
      "import a from 'alpha';",
      "import type { B } from '@scope/beta/sub';",
      'import {',
      '  c,',
      "} from 'gamma/deep/path';",
      "export { d } from 'delta';",
      "import 'side-effect';",
      "const e = await import('epsilon');",
      "const f = import.meta.resolve('zeta');",
      "const g = createRequire(import.meta.url).resolve('eta');",
      "import { h } from './local';",
      "import { readFile, symlink } from 'node:fs/promises';",
      "import { join } from 'path';",
      '  "import { i } from \'in-a-string\';",',
    ].join('\n');
    expect([...importedPackages(text)].sort()).toEqual(
      ['@scope/beta', 'alpha', 'delta', 'epsilon', 'eta', 'gamma', 'side-effect', 'zeta'].sort(),
    );
  });
});
