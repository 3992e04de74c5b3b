import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeLabInProcess } from '../../judging/judge-in-process';
import { KIT_ROOT } from '../../beside-lab/kit-paths';
import { createLabFolder, makeLab } from '../../test-helpers';
import { BROKEN_D4_LABS } from './__fixtures__/broken-labs';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

// What is tested is the judging, so each check is judged here in the test's process, as the report
// would give it (day 4 has no real run of the lab's command line to leave out). One at a time: the
// checks run real commands and a scripted agent, and CI has two cores.
describe("day 4's checks each fail on a lab that breaks what they check", () => {
  for (const brokenLab of BROKEN_D4_LABS) {
    const { name, check, hint, notInHint, why } = brokenLab;
    it(`${name} fails ${check}: ${why}`, async () => {
      const lab = await makeLab({
        into: join(folder.root, name),
        from: 'solutions/d4',
        lab: brokenLab,
      });
      const { seed, checks } = await judgeLabInProcess({ dayId: 'd4', labDir: lab, only: check });
      const seen = `${name}, graded with --seed ${seed}`;
      // A grade exits 1 when a check fails, as this one must.
      expect(
        checks.map((entry) => [entry.id, entry.status]),
        seen,
      ).toEqual([[check, 'fail']]);
      expect(checks[0]?.message, seen).toMatch(/^expected: .+\ngot: .+/);
      expect(checks[0]?.hint, seen).toContain(hint);
      if (notInHint) expect(checks[0]?.hint, seen).not.toContain(notInHint);
    });
  }
});

describe("the untouched day-4 starter's hints", () => {
  const starter = join(KIT_ROOT, 'labs', 'd4');

  it('send stale-edit to TODO(1) first, since findExactlyOnce is not written yet', async () => {
    const { seed, checks } = await judgeLabInProcess({
      dayId: 'd4',
      labDir: starter,
      only: 'stale-edit',
    });
    expect(checks[0]?.status, `--seed ${seed}`).toBe('fail');
    expect(checks[0]?.hint, `--seed ${seed}`).toMatch(
      /^src\/edits\/find-exactly-once\.ts, TODO\(1\)/,
    );
  });

  it("say in plain words how red-to-green's run ended, and which call kept failing", async () => {
    const { seed, checks } = await judgeLabInProcess({
      dayId: 'd4',
      labDir: starter,
      only: 'red-to-green',
    });
    const message = checks[0]?.message ?? '';
    expect(message, `--seed ${seed}`).not.toMatch(/model-error|stopReason/);
    expect(message, `--seed ${seed}`).toMatch(/ran out of moves/);
    expect(message, `--seed ${seed}`).toContain('the last call that failed was edit_file');
    expect(message, `--seed ${seed}`).toContain('"findExactlyOnce is not written yet"');
  });
});
