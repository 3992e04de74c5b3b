import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_ROOT } from '../../beside-lab/kit-paths';
import { judgeLabInProcess } from '../../judging/judge-in-process';
import { GradeResult } from '@agent-course/course';
import { createLabFolder, gradeInProcess, makeLab } from '../../test-helpers';
import { BROKEN_D1_LABS } from './__fixtures__/broken-labs';
import day from '../../../../solutions/d1/day';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

// Each check is judged here in the test's process, as the report would give it, but for a lab that
// only a real run of its command line shows wrong. One at a time: the failure checks start
// loopback servers and cut-stream runs the lab's command line.
describe("day 1's checks each fail on a lab that breaks what they check", () => {
  for (const brokenLab of BROKEN_D1_LABS) {
    const { name, check, hint, why, realRunOnly } = brokenLab;
    it(`${name} fails ${check}: ${why}`, async () => {
      const lab = await makeLab({
        into: join(folder.root, name),
        from: 'solutions/d1',
        lab: brokenLab,
      });
      // A lab whose fault only the real run of its command line shows is graded whole, with it.
      const { seed, checks } = realRunOnly
        ? GradeResult.parse(
            JSON.parse(
              (await gradeInProcess(['d1', '--lab', lab, '--only', check, '--json'])).stdout,
            ),
          )
        : await judgeLabInProcess({ dayId: 'd1', labDir: lab, only: check });
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
    const broken = new Set(BROKEN_D1_LABS.map((lab) => lab.check));
    expect(day.checks.map((check) => check.id).filter((id) => !broken.has(id))).toEqual([]);
  });
});

describe("the untouched day-1 starter's failure messages", () => {
  it('quote the first line of the stack it returns, and no file of the grading machine', async () => {
    const { seed, checks } = await judgeLabInProcess({
      dayId: 'd1',
      labDir: join(KIT_ROOT, 'labs', 'd1'),
      only: 'http-error',
    });
    const message = checks[0]?.message ?? '';
    expect(message, `--seed ${seed}`).toMatch(
      /got: a stack trace: "Error: 401 .*" and \d+ more lines$/,
    );
    expect(message, `--seed ${seed}`).not.toMatch(/file:|\/tmp\/|node_modules|chunk-/);
  });
});
