import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckOutcome } from '../../judging/check';
import { KIT_ROOT } from '../../beside-lab/kit-paths';
import * as badArguments from './judging/bad-arguments';
import * as badArgumentsDriving from './beside-lab/bad-arguments';
import * as callOrder from './judging/call-order';
import * as callOrderDriving from './beside-lab/call-order';
import * as fragmentMerging from './judging/fragment-merging';
import * as fragmentMergingDriving from './beside-lab/fragment-merging';
import * as truncation from './judging/truncation';
import * as truncationDriving from './beside-lab/truncation';
import { judgeInProcess } from '../../judging/judge-in-process';
import * as unknownTool from './judging/unknown-tool';
import * as unknownToolDriving from './beside-lab/unknown-tool';
import { playVariant } from './judging/play-variant';

const SOLUTION = join(KIT_ROOT, 'solutions', 'd3');
/** Many seeds, spread over the range; each one replays exactly, so a failure names its seed. */
const SEEDS = Array.from({ length: 40 }, (_, position) => (position * 2_654_435_761) >>> 0);

let scratchRoot: string;
beforeAll(async () => {
  scratchRoot = await mkdtemp(join(tmpdir(), 'grader-variants-'));
});
afterAll(() => rm(scratchRoot, { recursive: true, force: true }));

/** The outcome with the seed in front, so a failing seed can be replayed with --seed. */
function withSeed(seed: number, outcome: CheckOutcome) {
  return outcome.passed ? { seed, passed: true } : { seed, ...outcome, transcript: undefined };
}

// The checks' own logic, run in-process on the solution, so many seeds stay cheap.
describe('the solution passes every generated variant, for every seed tried', () => {
  it('fragment-merging: generated streams, merged directly and through the loop', async () => {
    for (const seed of SEEDS) {
      const outcome = await judgeInProcess({
        check: fragmentMerging,
        driving: fragmentMergingDriving,
        labDir: SOLUTION,
        scratchDir: join(scratchRoot, `merging-${seed}`),
        seed,
      });
      expect(withSeed(seed, outcome)).toEqual({ seed, passed: true });
    }
  });

  it('truncation: lengths around and far above the budget, emoji at a cut, meta kept', async () => {
    for (const seed of SEEDS) {
      // A check's folder, as the grader makes it before the check (see student-folders.ts).
      const scratchDir = join(scratchRoot, `truncation-${seed}`);
      await mkdir(scratchDir);
      const outcome = await judgeInProcess({
        check: truncation,
        driving: truncationDriving,
        labDir: SOLUTION,
        scratchDir,
        seed,
      });
      expect(withSeed(seed, outcome)).toEqual({ seed, passed: true });
    }
  });

  for (const [id, check, driving] of [
    ['bad-arguments', badArguments, badArgumentsDriving],
    ['unknown-tool', unknownTool, unknownToolDriving],
    ['call-order', callOrder, callOrderDriving],
  ] as const) {
    it(`${id}: the grader's scripted run, played against the solution's loop and registry`, async () => {
      for (const seed of SEEDS) {
        // Only the variant's run (the lesson's own run is the same for every seed): its script
        // played by the check's driving part, its transcript judged as the check judges it.
        const variant = check.createVariant(seed);
        const outcome = await judgeInProcess({
          check: { judge: ({ drive }) => playVariant({ drive, variant }) },
          driving,
          labDir: SOLUTION,
          scratchDir: join(scratchRoot, `${id}-${seed}`),
          seed,
        });
        expect(withSeed(seed, outcome)).toEqual({ seed, passed: true });
      }
    });
  }
});

describe('the variants come from the seed', () => {
  it('the same seed makes the same scripts, and another seed other ones', () => {
    for (const check of [badArguments, unknownTool, callOrder]) {
      expect(check.createVariant(7).script).toEqual(check.createVariant(7).script);
      const scripts = new Set(
        SEEDS.map((seed) => JSON.stringify(check.createVariant(seed).script)),
      );
      expect(scripts.size).toBeGreaterThan(SEEDS.length / 2);
    }
  });
});
