import os from 'node:os';
import { join } from 'node:path';
import type { BenchContext } from './bench-context';
import { compareRow } from './bench-row';
import type { BenchRow } from './bench-row';
import { findProgram } from './find-program';
import { measureMedian } from './measure-median';
import { runProgram } from './run-program';
import type { ProgramRun } from './run-program';
import type { ScenariosChildReport } from './scenarios-child';

const GRADE_ARGS = ['d3', '--solution'];
/** The grader started directly, as the bench and the CI time it. */
export const GRADER_DIRECT_ARGS = ['--import', 'tsx', 'grader/src/main.ts', ...GRADE_ARGS];
/** The bound: the grader within ten times a bare Node start, and pnpm adding only its own. */
const MAX_RATIO_TO_NODE = 10;
/** The child that times day 3's scripted runs apart from the imports before them. */
const SCENARIOS_CHILD = join('scripts', 'src', 'bench', 'scenarios-child.ts');

/**
 * How long grading the day-3 solution takes, as a multiple of starting Node with nothing to do:
 * the grader started directly with node, then `pnpm grade` end to end, with pnpm's own start-up
 * (`pnpm -s exec node -e 0`) measured on its own; then where a grade's time goes, phase by phase.
 * Every row says the load average around it, since a busy machine stretches every figure.
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
  const node = await time('node -e 0', process.execPath, ['-e', '0'], size.runs);
  const nodeBaseline = { label: 'node -e 0', value: node.ms };
  const grader = await time(
    'node --import tsx grader/src/main.ts',
    process.execPath,
    GRADER_DIRECT_ARGS,
    size.gradingRuns,
  );
  const rows: BenchRow[] = [
    {
      section: 'grading',
      measurement: 'node -e 0 (bare start)',
      value: node.ms,
      unit: 'ms',
      note: node.load,
    },
    compareRow({
      section: 'grading',
      measurement: `grader direct: node --import tsx grader/src/main.ts ${GRADE_ARGS.join(' ')}`,
      value: grader.ms,
      unit: 'ms',
      baseline: nodeBaseline,
      maxRatio: MAX_RATIO_TO_NODE,
      note: `${grader.load}; the report ended "${scoreOf(grader.stdout)}"; every check runs in one check process, beside one real run of the lab's command line`,
    }),
  ];
  rows.push(...(await benchPhases({ time, nodeBaseline, repoRoot })));

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
      note: pnpmStart.load,
    }),
    compareRow({
      section: 'grading',
      measurement: `pnpm -s grade ${GRADE_ARGS.join(' ')} (end to end)`,
      value: throughPnpm.ms,
      unit: 'ms',
      baseline: nodeBaseline,
      maxRatio: allowedMs / node.ms,
      targetText: `≤ ${(allowedMs / node.ms).toFixed(1)}× (pnpm start-up + ${MAX_RATIO_TO_NODE}× node)`,
      note: `${throughPnpm.load}; the report ended "${scoreOf(throughPnpm.stdout)}"`,
    }),
  );
  return rows;
}

/**
 * Where a grade's time goes, one row per phase, each a program of its own so its figure is not
 * mixed with the next: starting Node with tsx (what every TypeScript process pays first), the
 * grader's own imports and the day manifests, the lab's and the command line's imports, and the
 * three scripted runs the checks drive in-process.
 */
async function benchPhases({
  time,
  nodeBaseline,
  repoRoot,
}: {
  time: (
    label: string,
    command: string,
    args: string[],
    runs: number,
  ) => Promise<{ ms: number; stdout: string; load: string }>;
  nodeBaseline: { label: string; value: number };
  repoRoot: string;
}): Promise<BenchRow[]> {
  const runs = 3;
  const startUp = await time(
    'phase: node --import tsx -e 0',
    process.execPath,
    ['--import', 'tsx', '-e', '0'],
    runs,
  );
  const graderImports = await time(
    'phase: node --import tsx grader/src/main.ts --help',
    process.execPath,
    ['--import', 'tsx', 'grader/src/main.ts', '--help'],
    runs,
  );
  const scenarios = await time(
    'phase: the lab imported and its scripted runs driven in-process',
    process.execPath,
    ['--import', 'tsx', SCENARIOS_CHILD, join(repoRoot, 'solutions', 'd3')],
    runs,
  );
  const report = parseScenariosReport(scenarios.stdout);
  const phase = (measurement: string, value: number, note: string) =>
    compareRow({
      section: 'grading',
      measurement,
      value,
      unit: 'ms',
      baseline: nodeBaseline,
      note,
    });
  return [
    phase('phase start-up: node --import tsx -e 0', startUp.ms, startUp.load),
    phase(
      "phase grader imports: the grader's modules and the day manifests (--help, less start-up)",
      graderImports.ms - startUp.ms,
      graderImports.load,
    ),
    phase(
      "phase lab imports: the lab's main.ts and the kit's command line, in the check process",
      report?.importMs ?? Number.NaN,
      scenarios.load,
    ),
    phase(
      'phase scenarios: the plain, bad_args and unknown_tool runs driven in-process',
      report?.scenariosMs ?? Number.NaN,
      `${scenarios.load}; exit codes ${report?.exitCodes.join(', ') ?? 'not reported'}`,
    ),
  ];
}

/** The scenarios child's report, or undefined when it printed none. */
function parseScenariosReport(stdout: string): ScenariosChildReport | undefined {
  try {
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ScenariosChildReport;
  } catch {
    return undefined;
  }
}

/** The one-minute load average, as printed beside a figure. */
function loadAverage(): string {
  return os.loadavg()[0]?.toFixed(2) ?? '?';
}

/** The grader's "Score: 7/7" line, or a word saying there was none. */
function scoreOf(stdout: string): string {
  return /Score: \d+\/\d+/.exec(stdout)?.[0] ?? 'no score line';
}
