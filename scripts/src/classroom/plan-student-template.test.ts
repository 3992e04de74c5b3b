import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempRoot } from '../create-temp-root';
import { runStarterCommand } from '../run-starter-command';
import { testDayManifest } from '../test-day-manifest';
import { planStudentTemplate } from './plan-student-template';

const files = {
  'solutions/d9/day.ts': testDayManifest({ id: 'd9', files: ['src/a.ts'] }),
  'solutions/d9/package.json':
    '{ "name": "s", "description": "Day 9 reference solution: test." }\n',
  'solutions/d9/src/a.ts': '// #region exercise 1\nexport const a = 1;\n// #endregion exercise 1\n',
};

describe('planStudentTemplate', () => {
  it('refuses a lab that is not its generated starter: an instructor who tried it would ship answers', async () => {
    const root = await createTempRoot(files);
    expect(await runStarterCommand({ root, args: ['d9'], print: () => {} })).toBe(0);
    // The instructor tried the exercise in the lab, and did not regenerate it.
    await appendFile(path.join(root, 'labs/d9/src/a.ts'), 'export const solved = true;\n');

    const planned = await planStudentTemplate({ root, day: 'd9' });
    expect(planned.ok).toBe(false);
    if (planned.ok) return;
    expect(planned.error).toBe(
      'labs/d9 is not the starter generated from solutions/d9 (1 file(s) differ; `pnpm starter d9 --check` ' +
        'lists them): run `pnpm starter d9` (commit or stash your own work in it first), then build the template again',
    );
  });
});
