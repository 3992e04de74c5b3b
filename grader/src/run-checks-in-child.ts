import { randomBytes } from 'node:crypto';
import type { CheckResult } from '@agent-course/course';
import type { Check } from './check';
import { type ChildMessage, parseChildMessage } from './child-message';
import type { CompiledKit } from './compiled/compile-grader.mjs';
import type { CompiledLab } from './compiled/compile-lab';
import { compiledPathOf } from './compiled/compiled-path-of.mjs';
import { RUN_CHECKS_ENTRY } from './kit-paths';
import { EXPECTED_TO_LOAD, LAB_ENTRY, NEVER_FINISHED } from './collect-load-error';
import { describeTimeLimit, type TimeLimitKind } from './create-time-budget';
import { STDERR_TAIL_LINES } from './limits';
import { type BoundedExit, spawnBounded } from './spawn-bounded';
import type { CheckProcessTask } from './check-process-task';
import { checkProcessEnvironment, takePrestartedCheckProcess } from './prestart-check-process';
import { lastLines } from './tail-collector';
import { createPrintedSoFar } from './printed-so-far';

/** How many random bytes make a child's token. */
const TOKEN_BYTES = 32;

/** The checks of one lab that import it, and how long each may take. */
export interface RunChecksInChildOptions {
  /** The day the checks belong to, e.g. `d3`. */
  dayId: string;
  /** The checks, in the order they run. */
  checks: Check[];
  /** The (staged) lab to grade. */
  labDir: string;
  /** The grader, compiled: the check process runs its compiled run-checks.ts. */
  compiledKit: CompiledKit;
  /** The lab's files, compiled for this grade, or why they do not compile; sent when ready. */
  labModules: Promise<CompiledLab['modules']>;
  /** Each check's time budget, counted from the moment it starts. */
  timeoutMs: number;
  /** The grade's seed, for the checks' generated variants. */
  seed: number;
  /** Where the checks make their scratch dirs; the grader removes it, even after a killed child. */
  scratchRoot: string;
}

/**
 * Runs checks that import the lab one after another in a child process, so the lab and its
 * dependencies load once, and returns a report for each. Whatever the lab does (hang, crash, exit,
 * flood its output), this resolves: when the child hangs or dies, the check it was running gets
 * the timeout or crash report and the checks after it run again in a fresh child. A child that
 * fails before starting any check (the lab hangs while loading) gives that report to all of them.
 */
export async function runChecksInChild(
  options: RunChecksInChildOptions,
): Promise<Map<string, CheckResult>> {
  const results = new Map<string, CheckResult>();
  let remaining = options.checks;
  // Each child reports at least one check, so this ends.
  while (remaining.length > 0) {
    const attempt = await runOneChild({ ...options, checks: remaining });
    for (const [checkId, result] of attempt) results.set(checkId, result);
    remaining = remaining.filter((check) => !results.has(check.id));
  }
  return results;
}

/** Runs one child over the checks; reports its checks, the one it failed in, or all if it began none. */
async function runOneChild(options: RunChecksInChildOptions): Promise<Map<string, CheckResult>> {
  const reports = new Map<string, CheckResult>();
  const checkIds = options.checks.map((check) => check.id);
  let running: string | undefined;
  /** What the lab has printed during the running check, for its report if the check is stopped. */
  let printedSoFar = createPrintedSoFar();
  /** Whether the child said it is importing the lab and has started no check since. */
  let loading = false;
  // Proves a message came from the grader's child code rather than from the lab it loaded.
  const token = randomBytes(TOKEN_BYTES).toString('hex');
  const entry = compiledPathOf({
    sourceRoot: options.compiledKit.kitRoot,
    outDir: options.compiledKit.outDir,
    file: RUN_CHECKS_ENTRY,
  });
  const task: CheckProcessTask = {
    dayId: options.dayId,
    labDir: options.labDir,
    timeoutMs: options.timeoutMs,
    scratchRoot: options.scratchRoot,
    checkIds,
  };
  const ended = await spawnBounded({
    started: takePrestartedCheckProcess(entry ?? RUN_CHECKS_ENTRY),
    stdinText: [
      `${token}\n${JSON.stringify(task)}\n`,
      options.labModules.then((modules) => `${JSON.stringify(modules)}\n${options.seed}\n`),
    ],
    args: [entry ?? RUN_CHECKS_ENTRY],
    env: checkProcessEnvironment(),
    // Its own folder rather than the grader's working directory, which the user student code
    // runs as may not be allowed to enter (a batch run from a private folder, as root).
    cwd: options.scratchRoot,
    tempDir: options.scratchRoot,
    timeoutMs: options.timeoutMs,
    onMessage: (line) => {
      const message = parseChildMessage({ line, token });
      if (!message) return false;
      if (message.kind === 'printed-line' || message.kind === 'printed-count') {
        if (running === undefined) return false;
        if (message.kind === 'printed-line') printedSoFar.addLine(message.line);
        else printedSoFar.addCount(message.lines);
        // Kept, but it buys the check no time: only a check's start and its report restart the clock.
        return false;
      }
      if (!accepts({ message, running, loading, reports, checkIds })) return false;
      if (message.kind === 'loading') loading = true;
      else if (message.kind === 'started') {
        running = message.checkId;
        printedSoFar = createPrintedSoFar();
        loading = false;
      } else {
        reports.set(message.result.id, message.result);
        running = undefined;
      }
      return true;
    },
  });
  if (reports.size === checkIds.length) return reports;
  const failure =
    loading && running === undefined ? describeLoadFailure(ended) : describeFailure(ended);
  const blamed = options.checks.filter((check) =>
    running ? check.id === running && !reports.has(running) : reports.size === 0,
  );
  const printed = running === undefined ? undefined : printedSoFar.stopped();
  const stoppedWhilePrinting = printed ? { printed } : {};
  for (const { id, title } of blamed) {
    reports.set(id, { id, title, ...failure, ...(id === running ? stoppedWhilePrinting : {}) });
  }
  return reports;
}

/**
 * Whether a message fits the run so far. The child runs student code, which could write to the
 * channel too, so only the expected order counts: a check starts when none is running and it has
 * no report yet; a pass reports the check that started; a failure may also come for a check that
 * never started (the lab broke while loading), since claiming one can only cost marks. Loading is
 * said once, before any check.
 */
function accepts({
  message,
  running,
  loading,
  reports,
  checkIds,
}: {
  message: Exclude<ChildMessage, { kind: 'printed-line' | 'printed-count' }>;
  running: string | undefined;
  loading: boolean;
  reports: Map<string, CheckResult>;
  checkIds: string[];
}): boolean {
  if (message.kind === 'loading') return !loading && running === undefined && reports.size === 0;
  const checkId = message.kind === 'started' ? message.checkId : message.result.id;
  if (!checkIds.includes(checkId) || reports.has(checkId)) return false;
  if (message.kind === 'started') return running === undefined;
  return checkId === running || (running === undefined && message.result.status !== 'pass');
}

/** Why a child ended without reporting a check: it ran out of time, or it died. */
function describeFailure(ended: BoundedExit): ChildFailure {
  if (ended.timedOut && ended.timeLimit) {
    return failure({
      errorKind: 'timeout',
      message: `it ${describeTimeLimit(ended.timeLimit, ended.runningOutsideGroup)}`,
    });
  }
  // Node ends with 13 when it has nothing left to run while the check still awaits: like an idle
  // stop, this says nothing about which exercise is wrong, so the hint says where to look instead.
  if (ended.exitCode === 13) {
    return {
      ...failure({
        errorKind: 'crashed',
        message:
          'never finished: the check waited for a promise that never settles, with nothing left to run',
      }),
      hint: NEVER_SETTLED_HINT,
    };
  }
  const stderr = lastLines({ text: ended.stderrTail, count: STDERR_TAIL_LINES });
  const quoted = stderr.length > 0 ? `; its last output:\n${stderr.join('\n')}` : '';
  return failure({
    errorKind: 'crashed',
    message: `the check process ${ended.signal ? `was killed by ${ended.signal}` : `exited with code ${ended.exitCode}`} before reporting${quoted}`,
  });
}

/** Where to look when a check's code awaited a promise nothing would ever settle. */
const NEVER_SETTLED_HINT =
  'look for an await, in the code this check runs, on a promise that nothing settles: a new Promise whose resolve is never called, or a callback or event that never comes; more time with --timeout will not help';

/**
 * Why a child ended while importing the lab, before any check: worded as a load error (see
 * collectLoadError), said once above the checks and blaming no TODO, since the code at fault is
 * whatever runs at the top level of the lab's files, not a check's exercise.
 */
function describeLoadFailure(ended: BoundedExit): ChildFailure {
  const stderr = lastLines({ text: ended.stderrTail, count: STDERR_TAIL_LINES });
  const quoted = stderr.length > 0 ? `; its last output: ${stderr.join(' / ')}` : '';
  const how =
    ended.timedOut && ended.timeLimit
      ? describeLoadTimeLimit({ limit: ended.timeLimit, outside: ended.runningOutsideGroup ?? [] })
      : ended.exitCode === 13
        ? 'it waited for a promise that never settles, with nothing left to run'
        : `the process ${ended.signal ? `was killed by ${ended.signal}` : `exited with code ${ended.exitCode}`}${quoted}`;
  return failure({
    errorKind: ended.timedOut ? 'timeout' : 'crashed',
    message: `${EXPECTED_TO_LOAD}\ngot: ${NEVER_FINISHED} ${LAB_ENTRY}: ${how}`,
  });
}

/** A time limit reached while the lab loaded, as the end of a sentence: no check's limit, a load's. */
function describeLoadTimeLimit({
  limit,
  outside,
}: {
  limit: { kind: TimeLimitKind; limitMs: number };
  outside: string[];
}): string {
  const seconds = `${limit.limitMs / 1000} s`;
  if (outside.length > 0) return `it ${describeTimeLimit(limit, outside)}`;
  switch (limit.kind) {
    case 'cpuMs':
      return `it used ${seconds} of CPU time without finishing, as a loop that never ends does`;
    case 'idleMs':
      return `it sat idle for ${seconds} with nothing running, waiting for a timer or a promise that never comes`;
    case 'wallMs':
      return `it was still loading after ${seconds} of wall-clock time`;
  }
}

function failure({
  errorKind,
  message,
}: {
  errorKind: 'timeout' | 'crashed';
  message: string;
}): ChildFailure {
  return { status: 'error', errorKind, message, hint: '' };
}

/** A result without its check's id and title, which the caller adds. */
type ChildFailure = Omit<CheckResult, 'id' | 'title'>;
