// `pnpm grade` records the last score of the kit's own lab for `pnpm progress`, and nothing else:
// not a submission, not one check, not a report meant for a machine.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLastGrades } from '@agent-course/course';
import { afterEach, describe, expect, it } from 'vitest';
import { gradeInProcess } from './test-helpers';

const roots: string[] = [];
afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

describe("a grade of the kit's own lab", () => {
  it('records its score, once graded whole for a person; --json and --only do not', async () => {
    const progressRoot = await mkdtemp(join(tmpdir(), 'progress-'));
    roots.push(progressRoot);
    const only = await gradeInProcess(['d4', '--only', 'no-match'], {
      studentFilesRoot: progressRoot,
    });
    expect(only.exitCode).toBe(1);
    const json = await gradeInProcess(['d4', '--json'], { studentFilesRoot: progressRoot });
    expect(json.exitCode).toBe(1);
    expect(readLastGrades(progressRoot)).toEqual({});
    const text = await gradeInProcess(['d4'], { studentFilesRoot: progressRoot });
    expect(text.exitCode).toBe(1);
    expect(readLastGrades(progressRoot)).toEqual({
      d4: { score: 0, max: 7, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
  });
});
