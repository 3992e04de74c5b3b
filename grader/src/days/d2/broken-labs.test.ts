import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { judgeLabInProcess } from '../../judging/judge-in-process';
import { createLabFolder, gradeInProcess, makeLab } from '../../test-helpers';
import { BROKEN_D2_LABS } from './__fixtures__/broken-labs';
import day from '../../../../solutions/d2/day';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

// Each check is judged here in the test's process, as the report would give it, but for a lab that
// only a real run of its command line shows wrong.
describe("day 2's checks each fail on a lab that breaks what they check", () => {
  for (const brokenLab of BROKEN_D2_LABS) {
    const { name, check, hint, why, realRunOnly } = brokenLab;
    it(`${name} fails ${check}: ${why}`, async () => {
      const lab = await makeLab({
        into: join(folder.root, name),
        from: 'solutions/d2',
        lab: brokenLab,
      });
      // A lab whose fault only the real run of its command line shows is graded whole, with it.
      const { seed, checks } = realRunOnly
        ? GradeResult.parse(
            JSON.parse(
              (await gradeInProcess(['d2', '--lab', lab, '--only', check, '--json'])).stdout,
            ),
          )
        : await judgeLabInProcess({ dayId: 'd2', labDir: lab, only: check });
      const seen = `${name}, graded with --seed ${seed}`;
      expect(
        checks.map((entry) => [entry.id, entry.status]),
        seen,
      ).toEqual([[check, 'fail']]);
      expect(checks[0]?.message, seen).toMatch(/^expected: .+\ngot: .+/);
      expect(checks[0]?.hint, seen).toContain(hint);
    });
  }

  it('has a lab for every check of the day', () => {
    const broken = new Set(BROKEN_D2_LABS.map((lab) => lab.check));
    expect(day.checks.map((check) => check.id).filter((id) => !broken.has(id))).toEqual([]);
  });
});
