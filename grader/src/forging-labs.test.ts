import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { FORGING_LABS } from './__fixtures__/forging-labs';
import { createLabFolder, makeLab, runGrader } from './test-helpers';

/** Each day's untouched starter score, which no attack on the grader may raise. */
const STARTER_SCORE = { d1: 0, d3: 2, d4: 0 };

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

describe('a lab that attacks the grader instead of doing the work scores no more than the starter', () => {
  for (const lab of FORGING_LABS) {
    it(`${lab.name}: ${lab.why}`, async () => {
      const labDir = await makeLab({
        into: join(folder.root, lab.name),
        from: `labs/${lab.day}`,
        lab,
      });
      const { stdout } = await runGrader([lab.day, '--lab', labDir, '--json', '--timeout', '5']);
      const result = GradeResult.parse(JSON.parse(stdout));
      expect(result.checks).toHaveLength(7);
      expect(result.score).toBeLessThanOrEqual(STARTER_SCORE[lab.day]);
      // The text a student reads is another grade of the same lab, with its own check processes.
      const text = await runGrader([lab.day, '--lab', labDir, '--timeout', '5']);
      const score = /^Score: (\d+)\/7 passed$/m.exec(text.stdout)?.[1];
      expect(score, text.stdout).toBeDefined();
      expect(Number(score)).toBeLessThanOrEqual(STARTER_SCORE[lab.day]);
    });
  }
});
