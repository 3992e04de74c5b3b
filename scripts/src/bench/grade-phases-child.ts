// Runs in its own process so the bench can time a grade's parts one by one, each as the grader runs
// it: node --import tsx grade-phases-child.ts <kit root> <lab dir>; prints one line of JSON.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import { loadDayManifest } from '@agent-course/course';
import { compileGrader } from '@agent-course/grader/compile-grader';
import { compileLab } from '@agent-course/grader/compile-lab';
import { compiledPathOf } from '@agent-course/grader/compiled-path-of';
import { gradeTempRoot } from '@agent-course/grader/grade-temp-root';
import { NODE_FLAGS } from '@agent-course/grader/node-flags';
import { createSandbox } from '@agent-course/sandbox';

/** What the child reports to the bench, in milliseconds of wall-clock time. */
export interface GradePhasesReport {
  /** Finding the compiled grader up to date: what every grade does before it starts. */
  freshnessMs: number;
  /** Compiling the lab for one grade (its modules and its command line, side by side). */
  compileLabMs: number;
  /** The check process, from its start to its end, running every check of day 3. */
  checkProcessMs: number;
  /** The check process's start: Node, the grader's modules, the manifest and the checks' code, until its first check starts. */
  checkProcessStartMs: number;
  /** Each check's time in the check process, from its "started" message to the next one's (or the end). */
  checkMs: Record<string, number>;
  /** The one real run of the lab's command line, `MOCK=1 INJECT=bad_args`. */
  processRunMs: number;
  /** The check process's and the process run's exit codes, which must both be 0. */
  exitCodes: number[];
}

const [kitRoot, labDir] = process.argv.slice(2);
if (!kitRoot || !labDir) {
  process.stderr.write('usage: grade-phases-child.ts <kit root> <lab dir>\n');
  process.exit(2);
}
// Day 3's checks, as its manifest lists them; all of them run in the check process.
const manifest = await loadDayManifest({ dayDir: join(kitRoot, 'labs', 'd3'), shown: 'labs/d3' });
if (!manifest.ok) throw new Error(manifest.error);
const checkIds = manifest.value.checks.map((check) => check.id);
const built = await compileGrader({ kitRoot });
if (!built.ok) throw new Error(built.error);
const freshnessStarted = performance.now();
const compiled = await compileGrader({ kitRoot });
const freshnessMs = performance.now() - freshnessStarted;
if (!compiled.ok) throw new Error(compiled.error);
// Where a grade makes its folders, so the phases write to the same file system as a grade.
const scratch = await mkdtemp(join(gradeTempRoot(), 'bench-grade-phases-'));
try {
  const labStarted = performance.now();
  const lab = await compileLab({
    labDir,
    start: 'src/main.ts',
    outDir: join(scratch, 'compiled-lab'),
    compiledKit: compiled.value,
  });
  const compileLabMs = performance.now() - labStarted;
  if (!lab.modules.ok || !lab.commandLine.ok) throw new Error('the lab does not compile');
  const entry = compiledPathOf({
    sourceRoot: kitRoot,
    outDir: compiled.value.outDir,
    file: join(kitRoot, 'grader', 'src', 'run-checks.ts'),
  });
  if (!entry) throw new Error('the compiled grader has no run-checks.js');
  const checkProcess = await timeProgram({
    args: [entry],
    stdinText: [
      'bench-token',
      JSON.stringify({ dayId: 'd3', labDir, timeoutMs: 10_000, scratchRoot: scratch, checkIds }),
      JSON.stringify(lab.modules),
      '1',
      '',
    ].join('\n'),
    env: { ...process.env, NO_COLOR: '1' },
  });
  // The check process says when each check starts and ends (see child-message.ts): the gaps are
  // each check's time, and what comes before the first is its start-up.
  const starts = checkProcess.messages.flatMap(({ line, atMs }) => {
    const checkId = /"kind":"started","checkId":"([\w-]+)"/.exec(line)?.[1];
    return checkId ? [{ checkId, atMs }] : [];
  });
  const checkMs = Object.fromEntries(
    starts.map(({ checkId, atMs }, index) => [
      checkId,
      (starts[index + 1]?.atMs ?? checkProcess.ms) - atMs,
    ]),
  );
  const sandbox = await createSandbox({ directory: join(scratch, 'sandbox') });
  // Through the grader's launcher, as a grade runs it: the program's import.meta.url names its
  // source, so it starts only when argv[1] names that source too.
  const launcher = compiledPathOf({
    sourceRoot: kitRoot,
    outDir: compiled.value.outDir,
    file: join(kitRoot, 'grader', 'src', 'launch-lab-program.ts'),
  });
  if (!launcher) throw new Error('the compiled grader has no launch-lab-program.js');
  const processRun = await timeProgram({
    args: [launcher, '--cwd', sandbox.directory],
    stdinText: `${lab.commandLine.file}\n${lab.commandLine.source}`,
    env: { ...process.env, MOCK: '1', INJECT: 'bad_args', NO_COLOR: '1' },
  });
  const report: GradePhasesReport = {
    freshnessMs,
    compileLabMs,
    checkProcessMs: checkProcess.ms,
    checkProcessStartMs: starts[0]?.atMs ?? Number.NaN,
    checkMs,
    processRunMs: processRun.ms,
    exitCodes: [checkProcess.exitCode, processRun.exitCode],
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}

/**
 * Runs node with `args` to the end; its output is read and dropped, and each line it writes to
 * file descriptor 3 (the check process's messages) is kept with the time it came, from the start.
 */
function timeProgram(options: {
  args: string[];
  stdinText: string;
  env: NodeJS.ProcessEnv;
}): Promise<{ ms: number; exitCode: number; messages: Array<{ line: string; atMs: number }> }> {
  const started = performance.now();
  const messages: Array<{ line: string; atMs: number }> = [];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_FLAGS, ...options.args], {
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) stream?.resume();
    const channel = child.stdio[3] as Readable | null;
    if (channel) {
      createInterface({ input: channel }).on('line', (line) => {
        messages.push({ line, atMs: performance.now() - started });
      });
    }
    child.stdin?.end(options.stdinText);
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ ms: performance.now() - started, exitCode: code ?? -1, messages }),
    );
  });
}
