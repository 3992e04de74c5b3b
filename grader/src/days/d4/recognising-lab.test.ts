import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { createLabFolder, gradeInProcess, makeLab } from '../../test-helpers';
import { RECOGNISING_D4_LAB } from './__fixtures__/recognising-lab';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

describe('a day-4 lab that recognises the fixed inputs', () => {
  let lab: string;
  beforeAll(async () => {
    lab = await makeLab({
      into: join(folder.root, RECOGNISING_D4_LAB.name),
      from: 'labs/d4',
      lab: RECOGNISING_D4_LAB,
    });
  });

  it(`scores no more than the untouched starter (0/7): ${RECOGNISING_D4_LAB.why}`, async () => {
    const { stdout } = await gradeInProcess(['d4', '--lab', lab, '--json']);
    const result = GradeResult.parse(JSON.parse(stdout));
    // Every check ran: a lab that does not compile would score nothing and prove nothing.
    expect(result.checks.map((check) => check.message ?? '').join('\n')).not.toContain('not run');
    const passed = result.checks
      .filter((check) => check.status === 'pass')
      .map((check) => check.id);
    // The seed is in the message, so a surprising pass can be replayed with --seed.
    expect(passed, `seed ${result.seed}`).toEqual([]);
    expect(result.checks).toHaveLength(7);
  });

  it('fails with a seed that --seed replays exactly', async () => {
    const only = ['d4', '--lab', lab, '--only', 'ambiguity'];
    const first = await gradeInProcess(only);
    const seed = /add --seed (\d+) /.exec(first.stdout)?.[1];
    expect(first.exitCode).toBe(1);
    expect(seed).toBeDefined();
    const replayed = await gradeInProcess([...only, '--seed', seed!]);
    expect(replayed.stdout).toBe(first.stdout);
  });
});
