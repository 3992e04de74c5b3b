import type { BenchContext } from './bench-context';
import { compareRow } from './bench-row';
import type { BenchRow } from './bench-row';
import { findProgram } from './find-program';
import { measureMedian } from './measure-median';
import { runProgram } from './run-program';
import type { ProgramRun } from './run-program';

const GRADE_ARGS = ['d3', '--solution'];
/** The goal: the grader within six times a bare Node start, and pnpm adding only its own. */
const MAX_RATIO_TO_NODE = 6;

/**
 * How long grading the day-3 solution takes, as a multiple of starting Node with nothing to do:
 * the grader started directly with node, then `pnpm grade` end to end, with pnpm's own start-up
 * (`pnpm -s exec node -e 0`) measured on its own.
 */
export async function benchGrading({ size, repoRoot, log }: BenchContext): Promise<BenchRow[]> {
  const time = async (label: string, command: string, args: string[], runs: number) => {
    log(`grading: ${label}`);
    let last: ProgramRun | undefined;
    const timing = await measureMedian({
      runs,
      task: async () => {
        last = await runProgram({ command, args, cwd: repoRoot, keepOutput: true });
      },
    });
    return { ms: timing.medianMs, score: scoreOf(last?.stdout ?? '') };
  };
  const node = await time('node -e 0', process.execPath, ['-e', '0'], size.runs);
  const nodeBaseline = { label: 'node -e 0', value: node.ms };
  const grader = await time(
    'node --import tsx grader/src/main.ts',
    process.execPath,
    ['--import', 'tsx', 'grader/src/main.ts', ...GRADE_ARGS],
    size.gradingRuns,
  );
  const rows: BenchRow[] = [
    { section: 'grading', measurement: 'node -e 0 (bare start)', value: node.ms, unit: 'ms' },
    compareRow({
      section: 'grading',
      measurement: `grader direct: node --import tsx grader/src/main.ts ${GRADE_ARGS.join(' ')}`,
      value: grader.ms,
      unit: 'ms',
      baseline: nodeBaseline,
      maxRatio: MAX_RATIO_TO_NODE,
      note: `the grader's report ended "${grader.score}"; the checks that import the lab share one child process; the three CLI checks each start the lab's CLI`,
    }),
  ];

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
  const pnpmStart = await time(
    'pnpm -s exec node -e 0',
    pnpm,
    ['-s', 'exec', 'node', '-e', '0'],
    size.runs,
  );
  const throughPnpm = await time(
    'pnpm -s grade',
    pnpm,
    ['-s', 'grade', ...GRADE_ARGS],
    size.gradingRuns,
  );
  // pnpm may add its own start-up and nothing else on top of the direct goal.
  const allowedMs = pnpmStart.ms + MAX_RATIO_TO_NODE * node.ms;
  rows.push(
    compareRow({
      section: 'grading',
      measurement: 'pnpm start-up: pnpm -s exec node -e 0',
      value: pnpmStart.ms,
      unit: 'ms',
      baseline: nodeBaseline,
    }),
    compareRow({
      section: 'grading',
      measurement: `pnpm -s grade ${GRADE_ARGS.join(' ')} (end to end)`,
      value: throughPnpm.ms,
      unit: 'ms',
      baseline: nodeBaseline,
      maxRatio: allowedMs / node.ms,
      targetText: `≤ ${(allowedMs / node.ms).toFixed(1)}× (pnpm start-up + ${MAX_RATIO_TO_NODE}× node)`,
    }),
  );
  return rows;
}

/** The grader's "Score: 7/7" line, or a word saying there was none. */
function scoreOf(stdout: string): string {
  return /Score: \d+\/\d+/.exec(stdout)?.[0] ?? 'no score line';
}
