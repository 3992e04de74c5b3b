import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '@agent-course/sandbox';
import type { CheckContext, CheckOutcome } from '../../check';
import { KIT_ROOT } from '../../kit-paths';
import * as badArguments from './checks/bad-arguments';
import * as callOrder from './checks/call-order';
import * as fragmentMerging from './checks/fragment-merging';
import * as fragmentMergingDriving from './beside-lab/fragment-merging';
import * as truncation from './checks/truncation';
import * as truncationDriving from './beside-lab/truncation';
import { judgeInProcess } from '../../judge-in-process';
import * as unknownTool from './checks/unknown-tool';
import { loadD3Lab, type D3Lab } from './d3-lab';
import { runScriptedScenario } from './scripted-run/run-scripted-scenario';

const SOLUTION = join(KIT_ROOT, 'solutions', 'd3');
/** Many seeds, spread over the range; each one replays exactly, so a failure names its seed. */
const SEEDS = Array.from({ length: 40 }, (_, position) => (position * 2_654_435_761) >>> 0);

let scratchRoot: string;
let sandbox: Sandbox;
let lab: D3Lab;
beforeAll(async () => {
  scratchRoot = await mkdtemp(join(tmpdir(), 'grader-variants-'));
  sandbox = await createSandbox({ directory: join(scratchRoot, 'sandbox') });
  lab = await loadD3Lab(SOLUTION);
});
afterAll(() => rm(scratchRoot, { recursive: true, force: true }));

/** The outcome with the seed in front, so a failing seed can be replayed with --seed. */
function withSeed(seed: number, outcome: CheckOutcome) {
  return outcome.passed ? { seed, passed: true } : { seed, ...outcome, transcript: undefined };
}

function contextFor(seed: number, name: string): CheckContext {
  return {
    labDir: SOLUTION,
    scratchDir: join(scratchRoot, `${name}-${seed}`),
    tempDir: scratchRoot,
    timeoutMs: 10_000,
    seed,
  };
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
      const outcome = await judgeInProcess({
        check: truncation,
        driving: truncationDriving,
        labDir: SOLUTION,
        scratchDir: join(scratchRoot, `truncation-${seed}`),
        seed,
      });
      expect(withSeed(seed, outcome)).toEqual({ seed, passed: true });
    }
  });

  for (const [id, check] of [
    ['bad-arguments', badArguments],
    ['unknown-tool', unknownTool],
    ['call-order', callOrder],
  ] as const) {
    it(`${id}: the grader's scripted run, played against the solution's loop and registry`, async () => {
      for (const seed of SEEDS) {
        const variant = check.createVariant(seed);
        const transcript = await runScriptedScenario({
          lab,
          scenario: variant.script,
          cwd: sandbox.directory,
        });
        expect(withSeed(seed, variant.judge(transcript))).toEqual({ seed, passed: true });
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
