import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckContext, CheckModule, CheckOutcome } from '../../check';
import { KIT_ROOT } from '../../kit-paths';
import * as ambiguity from './checks/ambiguity';
import * as bytesPreserved from './checks/bytes-preserved';
import * as noMatch from './checks/no-match';
import * as outputAndStdin from './checks/output-and-stdin';
import * as redToGreen from './checks/red-to-green';
import * as staleEdit from './checks/stale-edit';
import * as timeoutGroup from './checks/timeout-group';

const SOLUTION = join(KIT_ROOT, 'solutions', 'd4');
/** Seeds spread over the range; each one replays exactly, so a failure names its seed. */
const seeds = (count: number) =>
  Array.from({ length: count }, (_, position) => (position * 2_654_435_761) >>> 0);

let scratchRoot: string;
beforeAll(async () => {
  scratchRoot = await mkdtemp(join(tmpdir(), 'grader-d4-variants-'));
});
afterAll(() => rm(scratchRoot, { recursive: true, force: true }));

/** Runs the check in this process on the solution, with the seed in front of a failure. */
async function runWithSeed(check: CheckModule, name: string, seed: number) {
  const context: CheckContext = {
    labDir: SOLUTION,
    scratchDir: join(scratchRoot, `${name}-${seed}`),
    tempDir: scratchRoot,
    timeoutMs: 10_000,
    seed,
  };
  const outcome: CheckOutcome = await check.run(context);
  return outcome.passed ? { seed, passed: true } : { seed, ...outcome, transcript: undefined };
}

// The checks' own logic, run in-process on the solution: the edits are cheap, so many seeds; the
// scripted run and the commands start processes, so fewer.
describe("the solution passes every one of day 4's generated variants, for every seed tried", () => {
  for (const [name, check, count] of [
    ['no-match', noMatch, 40],
    ['ambiguity', ambiguity, 40],
    ['bytes-preserved', bytesPreserved, 40],
    ['stale-edit', staleEdit, 40],
    ['output-and-stdin', outputAndStdin, 6],
    ['timeout-group', timeoutGroup, 6],
    ['red-to-green', redToGreen, 4],
  ] as const) {
    it(`${name}: ${count} seeds`, async () => {
      for (const seed of seeds(count)) {
        expect(await runWithSeed(check, name, seed)).toEqual({ seed, passed: true });
      }
    });
  }
});
