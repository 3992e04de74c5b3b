import type { DayManifest } from '@agent-course/course';
import { describe, expect, it } from 'vitest';
import { checkFigures, type RunOffline } from './check-figures';
import { createTempRoot } from './create-temp-root';

const SOLUTION = 'solutions/d9';

const manifestWith = (figures?: DayManifest['figures']): DayManifest => ({
  id: 'd9',
  title: 'a tiny day for tests',
  draft: false,
  start: 'src/main.ts',
  starterScore: 0,
  exercises: [],
  checks: [{ id: 'one', title: 'one', hints: { default: 'x' } }],
  figures,
});

/** A measure-figures.ts that counts the offline run's "fed back N chars" lines and states a cap. */
const MEASURE = `
export const measureFigures = async ({ offlineRun }) => {
  const output = await offlineRun();
  const again = await offlineRun();
  if (again !== output) throw new Error('ran twice');
  return {
    'fed-back': [...output.matchAll(/fed back (\\d+) chars/g)].map((match) => Number(match[1])),
    'result-cap': 8000,
  };
};
`;

/** An offline run printing the given output, counting how often it was started. */
function fakeRun(output: string): RunOffline & { runs: number } {
  const run = async () => {
    run.runs++;
    return { ok: true as const, output };
  };
  run.runs = 0;
  return run;
}

const RUN_OUTPUT = 'glob: fed back 50 chars\ngrep: fed back 361 chars\n';

describe('checkFigures', () => {
  it('passes when the solution gives each figure, listing them; the run happens once', async () => {
    const root = await createTempRoot({ [`${SOLUTION}/measure-figures.ts`]: MEASURE });
    const run = fakeRun(RUN_OUTPUT);
    const result = await checkFigures({
      root,
      solution: SOLUTION,
      manifest: manifestWith({ 'fed-back': [50, 361], 'result-cap': 8000 }),
      run,
    });
    expect(result).toEqual({
      passed: true,
      summary: "the solution gives the pages' figures: fed-back 50, 361; result-cap 8,000",
      details: [],
    });
    expect(run.runs).toBe(1);
  });

  it('names each figure the manifest and the solution disagree on, and what to do', async () => {
    const root = await createTempRoot({ [`${SOLUTION}/measure-figures.ts`]: MEASURE });
    const result = await checkFigures({
      root,
      solution: SOLUTION,
      manifest: manifestWith({ 'fed-back': [50, 362], truncated: 8054 }),
      run: fakeRun(RUN_OUTPUT),
    });
    expect(result).toEqual({
      passed: false,
      summary: "solutions/d9/day.ts's figures differ from what the solution does",
      details: [
        'fed-back: solutions/d9/day.ts says 50, 362, the solution gives 50, 361; if the change was meant, set it in figures and run `pnpm starter d9`',
        'truncated: solutions/d9/measure-figures.ts does not measure it; measure it there',
        "result-cap: measured as 8,000, but not in solutions/d9/day.ts's figures; add it",
      ],
    });
  });

  it('fails when figures are declared and nothing measures them', async () => {
    const root = await createTempRoot({});
    const result = await checkFigures({
      root,
      solution: SOLUTION,
      manifest: manifestWith({ truncated: 8054 }),
      run: fakeRun(''),
    });
    expect(result.passed).toBe(false);
    expect(result.summary).toBe(
      'solutions/d9/day.ts declares figures, but solutions/d9/measure-figures.ts, which measures them, is missing',
    );
  });

  it('passes a day that quotes only its scores', async () => {
    const root = await createTempRoot({});
    const result = await checkFigures({ root, solution: SOLUTION, manifest: manifestWith() });
    expect(result.passed).toBe(true);
  });

  it('reports an offline run that failed, and a file without measureFigures, without a stack', async () => {
    const root = await createTempRoot({ [`${SOLUTION}/measure-figures.ts`]: MEASURE });
    const failed = await checkFigures({
      root,
      solution: SOLUTION,
      manifest: manifestWith({ 'fed-back': [50] }),
      run: async () => ({ ok: false, error: 'exited 1: boom' }),
    });
    expect(failed).toEqual({
      passed: false,
      summary: 'solutions/d9/measure-figures.ts could not measure the figures',
      details: ['the offline run (MOCK=1 pnpm start in solutions/d9) exited 1: boom'],
    });

    const other = await createTempRoot({
      [`${SOLUTION}/measure-figures.ts`]: 'export const measure = () => ({});\n',
    });
    const unexported = await checkFigures({
      root: other,
      solution: SOLUTION,
      manifest: manifestWith({ 'fed-back': [50] }),
      run: fakeRun(''),
    });
    expect(unexported.summary).toBe(
      'solutions/d9/measure-figures.ts does not export measureFigures',
    );
  });
});
