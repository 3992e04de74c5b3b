// `pnpm grade dN --mine`: the lab runs on the student's own earlier days, which are graded first
// and named when they are the likely cause; a plain grade always runs on the kit's. Real grades.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KIT_ROOT } from './beside-lab/kit-paths';
import { createLimiter } from './command-line/create-limiter';
import { findGradedDays } from './judging/day';
import { gradeLab } from './judging/grade-lab';
import { gradeInProcess } from './test-helpers';

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

async function gradeD4On(earlierLab: string) {
  const { days } = await findGradedDays();
  const graded = await gradeLab({
    day: days.find((day) => day.id === 'd4')!,
    labDir: join(KIT_ROOT, 'solutions/d4'),
    label: 'solutions/d4',
    timeoutSeconds: 10,
    seed: 7,
    limit: createLimiter(availableParallelism()),
    ownDays: [{ day: 'd3', labDir: join(KIT_ROOT, earlierLab), label: earlierLab }],
  });
  if (!graded.ok) throw new Error(graded.error);
  return graded.value;
}

describe("a grade on the student's own earlier days", () => {
  it("runs day 4 on the given day 3: a full-marks one changes nothing, the starter's breaks the run", async () => {
    expect((await gradeD4On('solutions/d3')).score).toBe(7);
    const onStarter = await gradeD4On('labs/d3');
    // Day 3's unfinished accumulator merges no call, so the scripted run edits nothing.
    expect(onStarter.checks.find((check) => check.id === 'red-to-green')?.status).toBe('fail');
    expect(onStarter.score).toBeLessThan(7);
  });

  it('grades the switched day first and names it as the likely cause; says so when none is switched', async () => {
    const studentFilesRoot = await mkdtemp(join(tmpdir(), 'own-days-'));
    roots.push(studentFilesRoot);
    const none = await gradeInProcess(['d4', '--mine'], { studentFilesRoot });
    expect(none.stderr).toContain(
      "--mine: d4 runs on none of your own days (`pnpm switch d3 mine` switches d3), so this grade runs on the kit's",
    );
    await writeFile(join(studentFilesRoot, 'my-days.json'), '{ "d3": "mine" }\n');
    // A plain grade stays on the kit's day 3, and says so.
    const plain = await gradeInProcess(['d4'], { studentFilesRoot });
    expect(plain.stderr).toBe(
      "d4 is graded on the kit's day 3, whatever pnpm switch chose; `pnpm grade d4 --mine` grades it on your own.",
    );
    expect(plain.stdout).not.toContain('Your day 3');
    // Told which day 3 to run on, the grade says so, not that it runs on the kit's.
    const on = await gradeInProcess(['d4', '--on', 'd3=labs/d3'], { studentFilesRoot });
    expect(on.stderr).toBe('');
    expect(on.stdout.split('\n')[0]).toBe('Day 3 (labs/d3), which d4 runs on in this grade: 2/7');
    const mine = await gradeInProcess(['d4', '--mine'], { studentFilesRoot });
    expect(mine.exitCode).toBe(1);
    const lines = mine.stdout.split('\n');
    expect(lines[0]).toBe('Your day 3 (labs/d3), which d4 runs on in this grade: 2/7');
    expect(lines.at(-1)).toBe(
      "Likely cause: your day 3 (labs/d3) scores 2/7, and d4 ran on it. Finish it (`pnpm grade d3` names what fails), or grade d4 on the kit's day 3 with `pnpm grade d4`.",
    );
    await writeFile(join(studentFilesRoot, 'my-days.json'), '{ "d3": 1 }\n');
    const broken = await gradeInProcess(['d4', '--mine'], { studentFilesRoot });
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toContain('my-days.json: d3: write "mine"');
  });
});
