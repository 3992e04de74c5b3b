import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { KIT_ROOT } from '../kit-paths';

const GRADER_SRC = join(KIT_ROOT, 'grader', 'src');

/**
 * The grader's files that judge: what a check expects, its seeded variants, its verdicts and the
 * grade around them. None may be loaded where student code runs, or a lab could read them there,
 * or call them to compute what it is expected to answer.
 */
const JUDGING = [
  /^days\/[^/]+\/checks\//,
  /^days\/[^/]+\/variants\//,
  /^days\/[^/]+\/judge-[^/]+\.ts$/,
  /^(judge-checks|judge-in-process|check-process|read-answer|blame-first-throw|blame-prerequisites|grade-lab|grade-batch|main|start-real-run|result-of-outcome|judged-result|collect-not-run|describe-stopped-process|pick-seed|gradescope-results|render-text|render-table|render-csv)\.ts$/,
];

/**
 * What the check process runs: its entry, each day's list of driving parts, and every other file
 * beside the lab, listed or not yet.
 */
function drivingEntries(): string[] {
  const days = readdirSync(join(GRADER_SRC, 'days'));
  return [
    join(GRADER_SRC, 'beside-lab', 'drive-lab.ts'),
    ...days.flatMap((day) => {
      const folder = join(GRADER_SRC, 'days', day, 'beside-lab');
      return readdirSync(folder)
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
        .map((name) => join(folder, name));
    }),
  ];
}

describe('the trust boundary', () => {
  it('nothing that judges is imported by the code that runs beside the lab', async () => {
    const entries = drivingEntries();
    expect(entries.length).toBeGreaterThan(2);
    const result = await build({
      entryPoints: entries,
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      outdir: join(GRADER_SRC, 'unused-out'),
      absWorkingDir: GRADER_SRC,
      // Only the grader's own files matter here; the kit's packages and npm's are the lab's anyway.
      packages: 'external',
      logLevel: 'silent',
    });
    // Paths relative to absWorkingDir; the kit's packages are external, so each is a grader file.
    const graderFiles = Object.keys(result.metafile.inputs);
    expect(graderFiles.length).toBeGreaterThan(entries.length);
    const judging = graderFiles.filter((file) => JUDGING.some((pattern) => pattern.test(file)));
    expect(judging, `loaded beside the lab: ${judging.join(', ')}`).toEqual([]);
  });
});
