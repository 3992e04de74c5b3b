import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { RECOGNISING_LAB } from './__fixtures__/recognising-labs';
import { createLabFolder, gradeInProcess, makeLab } from './test-helpers';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

/** The untouched starter's score: the two checks of code the starter already gives. */
const STARTER_PASSES = ['tool-schemas', 'path-boundary'];

describe('a lab that recognises the fixed scenarios', () => {
  let lab: string;
  beforeAll(async () => {
    lab = await makeLab({
      into: join(folder.root, RECOGNISING_LAB.name),
      from: 'labs/d3',
      lab: RECOGNISING_LAB,
    });
  });

  it(`scores no more than the untouched starter: ${RECOGNISING_LAB.why}`, async () => {
    const { stdout } = await gradeInProcess(['d3', '--lab', lab, '--json']);
    const result = GradeResult.parse(JSON.parse(stdout));
    const passed = result.checks
      .filter((check) => check.status === 'pass')
      .map((check) => check.id);
    // The seed is in the message, so a surprising pass can be replayed with --seed.
    expect(passed, `seed ${result.seed}`).toEqual(STARTER_PASSES);
    expect(result.seed).toEqual(expect.any(Number));
  });

  it('fails with a seed that --seed replays exactly', async () => {
    const only = ['d3', '--lab', lab, '--only', 'truncation'];
    const first = await gradeInProcess(only);
    const seed = /add --seed (\d+) /.exec(first.stdout)?.[1];
    expect(first.exitCode).toBe(1);
    expect(seed).toBeDefined();
    const replayed = await gradeInProcess([...only, '--seed', seed!]);
    expect(replayed.stdout).toBe(first.stdout);
  });
});
