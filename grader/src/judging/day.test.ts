import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DayDriving } from '../beside-lab/driving-part';
import type { JudgingPart } from './check';
import { findGradedDays, findListProblems, loadChecks } from './day';
import { dayListFile, KIT_ROOT } from '../beside-lab/kit-paths';

const { days, broken } = await findGradedDays();

describe("each day's lists of its checks", () => {
  it('every day has a manifest that loads', () => {
    expect(broken).toEqual([]);
    expect(days.length).toBeGreaterThan(1);
  });

  it.each(days.map((day) => [day.id, day] as const))(
    '%s: the judging and driving lists name the checks of its day.ts, no more and no fewer',
    async (_id, day) => {
      const checksFile = dayListFile({ dayId: day.id, side: 'judging' });
      const drivingFile = dayListFile({ dayId: day.id, side: 'beside-lab' });
      const { judgingParts } = (await import(checksFile)) as {
        judgingParts: Record<string, JudgingPart>;
      };
      const { drivingParts, loadLab } = (await import(drivingFile)) as DayDriving;
      expect(loadLab).toBeTypeOf('function');
      for (const [file, ids] of [
        [checksFile, Object.keys(judgingParts)],
        [drivingFile, Object.keys(drivingParts)],
      ] as const) {
        const list = { file: relative(KIT_ROOT, file), ids };
        expect(findListProblems({ manifest: day.manifest, list })).toEqual([]);
      }
      for (const part of Object.values(judgingParts)) expect(part.judge).toBeTypeOf('function');
      for (const part of Object.values(drivingParts)) expect(part.operations).toBeTypeOf('object');
    },
  );

  it('a day whose manifest and judging list disagree is not graded, and the message says what to change', async () => {
    const day = days.find((candidate) => candidate.id === 'd3')!;
    const manifest = {
      ...day.manifest,
      // A check added to day.ts without its code, and one whose code is still listed but is gone from day.ts.
      checks: [
        ...day.manifest.checks.filter((check) => check.id !== 'truncation'),
        { id: 'new-check', title: 'a new check', hints: { default: 'look here' } },
      ],
    };
    const listed = await loadChecks({ ...day, manifest, checks: manifest.checks });
    expect(listed).toEqual({
      ok: false,
      error:
        'd3 cannot be graded: grader/src/days/d3/judging/index.ts has no new-check, which labs/d3/day.ts lists: add each there; ' +
        'grader/src/days/d3/judging/index.ts lists truncation, which labs/d3/day.ts does not: remove it there, or add the check to day.ts.',
    });
  });

  it('gives each check its judging part, and the real run only to the check that asks for one', async () => {
    const day = days.find((candidate) => candidate.id === 'd3')!;
    const listed = await loadChecks(day);
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.value.map((check) => check.id)).toEqual(day.checks.map((check) => check.id));
    expect(listed.value.filter((check) => check.realRun).map((check) => check.id)).toEqual([
      'bad-arguments',
    ]);
  });
});
