import os from 'node:os';
import { join } from 'node:path';
import type { BenchContext } from './bench-context';
import { compareRow } from './bench-row';
import type { BenchRow } from './bench-row';
import { findProgram } from './find-program';
import { measureInterleaved } from './measure-interleaved';
import { measureMedian } from './measure-median';
import { runProgram } from './run-program';
import type { ProgramRun } from './run-program';

const GRADE_ARGS = ['d3', '--solution'];
/** What `pnpm grade` runs, started directly: the compiled grader, as the bench and the CI time it. */
export const GRADER_DIRECT_ARGS = ['grader/src/grade-command.mjs', ...GRADE_ARGS];
/** The bound: the grader within ten times a bare Node start, and pnpm adding only its own. */
const MAX_RATIO_TO_NODE = 10;
/** The child that times a grade's parts one by one. */

/**
 * How long grading the day-3 solution takes, as a multiple of starting Node with nothing to do:
 * the grader started directly with node, by turns with `node -e 0`, then `pnpm grade` end to end,
 * by turns with pnpm's own start-up (`pnpm -s exec node -e 0`); then where a grade's time goes,
 * phase by phase. Every row says the load average around it, since a busy machine stretches every
 * figure, and each grading row every run's time.
 */
export async function benchGrading({ size, repoRoot, log }: BenchContext): Promise<BenchRow[]> {
  const time = async (label: string, command: string, args: string[], runs: number) => {
    log(`grading: ${label}`);
    const loadBefore = loadAverage();
    let last: ProgramRun | undefined;
    const timing = await measureMedian({
      runs,
      task: async () => {
        last = await runProgram({ command, args, cwd: repoRoot, keepOutput: true });
      },
    });
    const load = `load average ${loadBefore} before, ${loadAverage()} after`;
    return { ms: timing.medianMs, stdout: last?.stdout ?? '', load };
  };
  /** A command timed by turns with the start-up it is compared with (see measureInterleaved). */
  const timeBeside = async ({
    label,
    command,
    args,
    baseline,
  }: {
    label: string;
    command: string;
    args: string[];
    baseline: { command: string; args: string[] };
  }) => {
    log(`grading: ${label}, by turns with ${[baseline.command, ...baseline.args].join(' ')}`);
    const loadBefore = loadAverage();
    let last: ProgramRun | undefined;
    const timing = await measureInterleaved({
      runs: size.gradingRuns,
      baseline: () => runProgram({ ...baseline, cwd: repoRoot }),
      measured: async () => {
        last = await runProgram({ command, args, cwd: repoRoot, keepOutput: true });
      },
    });
    const load = `load average ${loadBefore} before, ${loadAverage()} after`;
    const spread = `${size.gradingRuns} runs by turns with its baseline: ${describeSpread(timing.measured.runsMs)}`;
    return {
      ms: timing.measured.medianMs,
      baselineMs: timing.baseline.medianMs,
      stdout: last?.stdout ?? '',
      load,
      spread,
    };
  };
  // The first grade compiles the grader when its sources changed; the figure is for the grades after.
  await runProgram({ command: process.execPath, args: GRADER_DIRECT_ARGS, cwd: repoRoot });
  const grader = await timeBeside({
    label: 'node grader/src/grade-command.mjs',
    command: process.execPath,
    args: GRADER_DIRECT_ARGS,
    baseline: { command: process.execPath, args: ['-e', '0'] },
  });
  const nodeBaseline = { label: 'node -e 0', value: grader.baselineMs };
  const rows: BenchRow[] = [
    {
      section: 'grading',
      measurement: 'node -e 0 (bare start)',
      value: grader.baselineMs,
      unit: 'ms',
      note: `${grader.load}; timed by turns with the grader's runs below`,
    },
    compareRow({
      section: 'grading',
      measurement: `grader direct: node grader/src/grade-command.mjs ${GRADE_ARGS.join(' ')}`,
      value: grader.ms,
      unit: 'ms',
      baseline: nodeBaseline,
      maxRatio: MAX_RATIO_TO_NODE,
      note: `${grader.load}; ${grader.spread}; the report ended "${scoreOf(grader.stdout)}"; compiled grader and lab, every check in one check process, beside one real run of the lab's command line`,
    }),
  ];
  rows.push(...(await benchPhases({ time, nodeBaseline })));

  const pnpm = await findProgram(['pnpm']);
  if (!pnpm) {
    const missing = { label: 'node -e 0', missing: 'pnpm is not on PATH; npm install -g pnpm@10' };
    rows.push(
      compareRow({
        section: 'grading',
        measurement: 'pnpm grade',
        value: Number.NaN,
        unit: 'ms',
        baseline: missing,
        maxRatio: MAX_RATIO_TO_NODE,
      }),
    );
    return rows;
  }
  const throughPnpm = await timeBeside({
    label: 'pnpm -s grade',
    command: pnpm,
    args: ['-s', 'grade', ...GRADE_ARGS],
    baseline: { command: pnpm, args: ['-s', 'exec', 'node', '-e', '0'] },
  });
  const pnpmStart = { ms: throughPnpm.baselineMs, load: throughPnpm.load };
  // pnpm may add its own start-up and nothing else on top of the direct goal.
  const allowedMs = pnpmStart.ms + MAX_RATIO_TO_NODE * nodeBaseline.value;
  rows.push(
    compareRow({
      section: 'grading',
      measurement: 'pnpm start-up: pnpm -s exec node -e 0',
      value: pnpmStart.ms,
      unit: 'ms',
      baseline: nodeBaseline,
      note: pnpmStart.load,
    }),
    compareRow({
      section: 'grading',
      measurement: `pnpm -s grade ${GRADE_ARGS.join(' ')} (end to end)`,
      value: throughPnpm.ms,
      unit: 'ms',
      baseline: nodeBaseline,
      maxRatio: allowedMs / nodeBaseline.value,
      targetText: `≤ ${(allowedMs / nodeBaseline.value).toFixed(1)}× (pnpm start-up + ${MAX_RATIO_TO_NODE}× node)`,
      note: `${throughPnpm.load}; ${throughPnpm.spread}; the report ended "${scoreOf(throughPnpm.stdout)}"`,
    }),
  );
  return rows;
}

/**
 * The grader's start, timed through its public command: the compiled grader found up to date, its
 * modules and the day manifests (`--help` does all that and grades nothing). What follows it in a
 * grade (compiling the lab, the check process, the real run) is timed whole by the rows above.
 */
async function benchPhases({
  time,
  nodeBaseline,
}: {
  time: (
    label: string,
    command: string,
    args: string[],
    runs: number,
  ) => Promise<{ ms: number; stdout: string; load: string }>;
  nodeBaseline: { label: string; value: number };
}): Promise<BenchRow[]> {
  const start = await time(
    'phase: node grader/src/grade-command.mjs --help',
    process.execPath,
    ['grader/src/grade-command.mjs', '--help'],
    3,
  );
  return [
    compareRow({
      section: 'grading',
      measurement:
        'phase start: the compiled grader found up to date, loaded, and the day manifests read (--help)',
      value: start.ms,
      unit: 'ms',
      baseline: nodeBaseline,
      note: start.load,
    }),
  ];
}

/** Every run's time, fastest first, e.g. `1,012 / 1,046 / 1,130 ms`. */
function describeSpread(runsMs: number[]): string {
  const shown = [...runsMs]
    .sort((left, right) => left - right)
    .map((ms) => Math.round(ms).toLocaleString('en-US'));
  return `${shown.join(' / ')} ms`;
}

/** The one-minute load average, as printed beside a figure. */
function loadAverage(): string {
  return os.loadavg()[0]?.toFixed(2) ?? '?';
}

/** The grader's "Score: 7/7" line, or a word saying there was none. */
function scoreOf(stdout: string): string {
  return /Score: \d+\/\d+/.exec(stdout)?.[0] ?? 'no score line';
}
