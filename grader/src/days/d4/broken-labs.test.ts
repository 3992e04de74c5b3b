import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { createLabFolder, makeLab, runGrader } from '../../test-helpers';
import { BROKEN_D4_LABS } from './__fixtures__/broken-labs';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

// One at a time: the checks run real commands and a scripted agent, and CI has two cores.
describe("day 4's checks each fail on a lab that breaks what they check", () => {
  for (const brokenLab of BROKEN_D4_LABS) {
    const { name, check, hint, notInHint, why } = brokenLab;
    it(`${name} fails ${check}: ${why}`, async () => {
      const lab = await makeLab({
        into: join(folder.root, name),
        from: 'solutions/d4',
        lab: brokenLab,
      });
      const { exitCode, stdout } = await runGrader(['d4', '--lab', lab, '--only', check, '--json']);
      const result = GradeResult.parse(JSON.parse(stdout));
      expect(result.checks.map((entry) => [entry.id, entry.status])).toEqual([[check, 'fail']]);
      expect(result.checks[0]?.message).toMatch(/^expected: .+\ngot: .+/);
      expect(result.checks[0]?.hint).toContain(hint);
      if (notInHint) expect(result.checks[0]?.hint).not.toContain(notInHint);
      expect(exitCode).toBe(1);
    });
  }
});

describe("the untouched day-4 starter's hints", () => {
  it('send stale-edit to TODO(1) first, since edit_file is not written yet', async () => {
    const { stdout } = await runGrader([
      'd4',
      '--lab',
      'labs/d4',
      '--only',
      'stale-edit',
      '--json',
    ]);
    const result = GradeResult.parse(JSON.parse(stdout));
    expect(result.checks[0]?.status).toBe('fail');
    expect(result.checks[0]?.hint).toMatch(/^src\/tools\/edit-file\.ts, TODO\(1\)/);
  });

  it("say in plain words how red-to-green's run ended, and which call kept failing", async () => {
    const { stdout } = await runGrader([
      'd4',
      '--lab',
      'labs/d4',
      '--only',
      'red-to-green',
      '--json',
    ]);
    const message = GradeResult.parse(JSON.parse(stdout)).checks[0]?.message ?? '';
    expect(message).not.toMatch(/model-error|stopReason/);
    expect(message).toMatch(/ran out of moves/);
    expect(message).toContain('the last call that failed was edit_file');
    expect(message).toContain('"edit_file is not written yet"');
  });
});
