import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { BROKEN_LABS } from './__fixtures__/broken-labs';
import { createLabFolder, makeLab, runGrader } from './test-helpers';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

describe.concurrent('each broken lab fails the check it breaks', () => {
  for (const brokenLab of BROKEN_LABS) {
    const { name, check, hint, why } = brokenLab;
    it(`${name} fails ${check}: ${why}`, async () => {
      const lab = await makeLab({ into: join(folder.root, name), lab: brokenLab });
      const { exitCode, stdout } = await runGrader(['d3', '--lab', lab, '--only', check, '--json']);
      const result = GradeResult.parse(JSON.parse(stdout));
      expect(result.checks.map((entry) => [entry.id, entry.status])).toEqual([[check, 'fail']]);
      expect(result.checks[0]?.message).toMatch(/^expected: .+\ngot: .+/);
      expect(result.checks[0]?.hint).toContain(hint);
      expect(exitCode).toBe(1);
    });
  }
});
