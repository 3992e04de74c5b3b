import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrivingPart } from '../../beside-lab/driving-part';
import type { JudgingPart, CheckOutcome } from '../../judging/check';
import { judgeInProcess } from '../../judging/judge-in-process';
import { KIT_ROOT } from '../../beside-lab/kit-paths';
import { handToStudentCode } from '../../process-control/unprivileged-user';
import * as ambiguityDriving from './beside-lab/ambiguity';
import * as bytesPreservedDriving from './beside-lab/bytes-preserved';
import * as noMatchDriving from './beside-lab/no-match';
import * as outputAndStdinDriving from './beside-lab/output-and-stdin';
import * as redToGreenDriving from './beside-lab/red-to-green';
import * as staleEditDriving from './beside-lab/stale-edit';
import * as timeoutGroupDriving from './beside-lab/timeout-group';
import * as ambiguity from './judging/ambiguity';
import * as bytesPreserved from './judging/bytes-preserved';
import * as noMatch from './judging/no-match';
import * as outputAndStdin from './judging/output-and-stdin';
import * as redToGreen from './judging/red-to-green';
import * as staleEdit from './judging/stale-edit';
import * as timeoutGroup from './judging/timeout-group';

const SOLUTION = join(KIT_ROOT, 'solutions', 'd4');
/** Seeds spread over the range; each one replays exactly, so a failure names its seed. */
const seeds = (count: number) =>
  Array.from({ length: count }, (_, position) => (position * 2_654_435_761) >>> 0);

let scratchRoot: string;
beforeAll(async () => {
  scratchRoot = await mkdtemp(join(tmpdir(), 'grader-d4-variants-'));
  // As root, the sandbox's test runs as the user student code runs as, who must reach it.
  await handToStudentCode(scratchRoot);
});
afterAll(() => rm(scratchRoot, { recursive: true, force: true }));

/**
 * Judges the check in this process, its driving part too, on the solution, with the seed in front
 * of a failure.
 */
async function judgeWithSeed({
  check,
  driving,
  name,
  seed,
}: {
  check: JudgingPart;
  driving: DrivingPart;
  name: string;
  seed: number;
}) {
  // Made and handed over as the grader makes a check's scratch folder.
  const scratchDir = join(scratchRoot, `${name}-${seed}`);
  await mkdir(scratchDir);
  await handToStudentCode(scratchDir);
  const outcome: CheckOutcome = await judgeInProcess({
    check,
    driving,
    labDir: SOLUTION,
    scratchDir,
    seed,
  });
  return outcome.passed ? { seed, passed: true } : { seed, ...outcome, transcript: undefined };
}

// Each check's judging and driving parts, run in-process on the solution: the edits are cheap, so
// many seeds; the scripted run and the commands start processes, so fewer.
describe("the solution passes every one of day 4's generated variants, for every seed tried", () => {
  for (const [name, check, driving, count] of [
    ['no-match', noMatch, noMatchDriving, 40],
    ['ambiguity', ambiguity, ambiguityDriving, 40],
    ['bytes-preserved', bytesPreserved, bytesPreservedDriving, 40],
    ['stale-edit', staleEdit, staleEditDriving, 40],
    ['output-and-stdin', outputAndStdin, outputAndStdinDriving, 6],
    ['timeout-group', timeoutGroup, timeoutGroupDriving, 6],
    ['red-to-green', redToGreen, redToGreenDriving, 4],
  ] as const) {
    it(`${name}: ${count} seeds`, async () => {
      for (const seed of seeds(count)) {
        expect(await judgeWithSeed({ check, driving, name, seed })).toEqual({
          seed,
          passed: true,
        });
      }
    });
  }
});
