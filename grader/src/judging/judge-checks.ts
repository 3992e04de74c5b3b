import { DEFAULT_HINT } from '@agent-course/course';
import { blameThrow, findThrowingExercise } from './blame-throw';
import type { Check, CheckOutcome, JudgeContext, JudgingPart } from './check';
import {
  CheckProcessStopped,
  LabThrew,
  type CheckProcessOptions,
  startCheckProcess,
} from '../process-control/check-process';
import type { LabThrow } from '../beside-lab/check-process-protocol';
import {
  describeFailure,
  describeLoadFailure,
  type ChildFailure,
} from '../process-control/describe-stopped-process';
import type { JudgedResult } from './judged-result';
import { UnreadableAnswer } from './read-answer';
import { resultOfOutcome } from './result-of-outcome';
import { scratchDirOf } from '../process-control/scratch-dir-of';
import type { RealRun } from '../process-control/start-real-run';
import { createStudentFolder } from '../lab-files/student-folders';

/** The checks of one lab, and how each is judged. */
export interface JudgeChecksOptions extends CheckProcessOptions {
  /** The checks, in the order they run. */
  checks: Check[];
  /** The grade's seed, for the checks' generated variants; never sent to the check process. */
  seed: number;
  /** The real runs of the lab's command line, started with the grade, by the check that judges each. */
  realRuns: Map<string, Promise<RealRun>>;
}

/**
 * Judges the checks one after another, here in the grader, each driving the lab through one check
 * process so the lab and its dependencies load once. Whatever the lab does (hang, crash, exit,
 * flood its output, forge answers), this resolves with a result for every check: when the process
 * hangs or dies, the check it was running is reported so and the next check gets a fresh process;
 * a process that stops while the lab loads gives its report to every check left; a lab that does
 * not compile runs no check. This resolves once the check process is done; the result of a check
 * still waiting for its real run (see JudgeContext.realRun) settles when the run has ended and been
 * judged.
 */
export async function judgeChecks(
  options: JudgeChecksOptions,
): Promise<Map<string, Promise<JudgedResult>>> {
  const results = new Map<string, Promise<JudgedResult>>();
  // Started while the lab compiles, as most labs do.
  let process: ReturnType<typeof startCheckProcess> | undefined = startCheckProcess(options);
  const modules = await options.labModules;
  if (!modules.ok && modules.compileError) {
    await process.close();
    for (const { id, title } of options.checks) {
      const result: JudgedResult = {
        id,
        title,
        status: 'error',
        errorKind: 'crashed',
        message: `expected: the lab to compile\ngot: ${modules.error}`,
        hint: '',
        notRun: { kind: 'compile', compileError: modules.compileError },
      };
      results.set(id, Promise.resolve(result));
    }
    return results;
  }
  for (const [index, check] of options.checks.entries()) {
    process ??= startCheckProcess(options);
    const loadStopped = await process.loaded;
    if (loadStopped) {
      for (const unjudged of options.checks.slice(index)) {
        const { id, title } = unjudged;
        const stop = describeStop({
          check: unjudged,
          stopped: loadStopped.stopped,
          options,
          loading: loadStopped.whileLoading,
        });
        results.set(id, Promise.resolve({ id, title, ...stop }));
      }
      break;
    }
    const { processStopped, result } = await judgeOne({ check, process, options });
    results.set(check.id, result);
    if (processStopped) process = undefined;
  }
  await process?.close();
  return results;
}

/**
 * Judges one check in a scratch folder of its own; a stopped process is told in its result. The
 * check's steps are over when its judge ends or asks for its real run: the result of a check still
 * waiting for its run settles later.
 */
async function judgeOne({
  check,
  process,
  options,
}: {
  check: Check;
  process: ReturnType<typeof startCheckProcess>;
  options: JudgeChecksOptions;
}): Promise<{ result: Promise<JudgedResult>; processStopped?: boolean }> {
  const { labDir } = options;
  const scratchDir = scratchDirOf({ scratchRoot: options.scratchRoot, check });
  // The lab's code works in here; as root, it runs as another user. Removed with the grade's
  // folder, once no process of the grade runs (see student-folders.ts).
  await createStudentFolder(scratchDir);
  let stepsOver = false;
  let endSteps = () => {};
  const stepsEnded = new Promise<void>((resolve) => (endSteps = resolve));
  try {
    await process.begin(check.id);
    const outcome = judgeOutcome({
      check,
      context: {
        labDir,
        scratchDir,
        seed: options.seed,
        drive: (operation, input) =>
          stepsOver
            ? Promise.reject(new Error(`${check.id} drove the lab after asking for its real run`))
            : process.drive({ operation, input, scratchDir }),
        realRun: () => {
          stepsOver = true;
          endSteps();
          return (
            options.realRuns.get(check.id) ??
            Promise.reject(new Error(`${check.id} has no real run: its judging part asks for none`))
          );
        },
      },
    });
    await Promise.race([outcome, stepsEnded]);
    const printed = await process.end();
    return {
      result: outcome.then((judged) => ({
        ...resultOfOutcome({ check, outcome: judged, labDir }),
        ...(printed ? { printed } : {}),
      })),
    };
  } catch (error) {
    if (!(error instanceof CheckProcessStopped)) throw error;
    const printed = process.printedSoFar();
    const { id, title } = check;
    const stop = describeStop({ check, stopped: error, options, loading: false });
    return {
      result: Promise.resolve({ id, title, ...stop, ...(printed ? { printed } : {}) }),
      processStopped: true,
    };
  }
}

/** A check's judging part, run; the lab's throws and unreadable answers become its outcome. */
export async function judgeOutcome({
  check,
  context,
}: {
  check: JudgingPart;
  context: JudgeContext;
}): Promise<CheckOutcome> {
  try {
    return await check.judge(context);
  } catch (error) {
    if (error instanceof LabThrew) return labThrewOutcome(error.threw);
    if (error instanceof UnreadableAnswer) {
      return { passed: false, expected: error.expected, got: error.got };
    }
    if (error instanceof CheckProcessStopped) throw error;
    // The grader's own mistake, not the lab's: said so, and the grade goes on with the next check.
    const reason = error instanceof Error ? error.message : String(error);
    return {
      passed: false,
      expected: 'the check to be judged',
      got: `the grader failed while judging it (${reason}); please report this with the lab`,
      errorKind: 'crashed',
    };
  }
}

/**
 * A step whose lab code threw, as a check that could not go on reports it. Only a throw with a
 * frame in the lab's files is blamed by place; without one, the check's own hint stands.
 */
export function labThrewOutcome(threw: LabThrow, thrower = 'it'): CheckOutcome {
  if (threw.loadError) {
    const failed = threw.importFailed;
    return {
      passed: false,
      expected: 'the lab to load',
      got: threw.message,
      errorKind: 'crashed',
      ...(failed
        ? { notRun: { kind: 'load', where: failed.at ?? failed.file, reason: failed.reason } }
        : {}),
    };
  }
  return {
    passed: false,
    expected: 'the check to run to the end',
    ...describeLabThrew(threw, thrower),
  };
}

/**
 * What a report says of the lab's throw: `it threw: not done yet (at src/run-agent.ts:40)`, a
 * process.exit said as one, and the place, for the hint to blame.
 */
export function describeLabThrew(
  threw: LabThrow,
  thrower = 'it',
): { got: string; threw?: { at: string; kind?: 'exit' } } {
  const said = threw.exit ? threw.message : `${thrower} threw: ${threw.message}`;
  if (!threw.at) return { got: said };
  return {
    got: `${said} (at ${threw.at})`,
    threw: threw.exit ? { at: threw.at, kind: 'exit' } : { at: threw.at },
  };
}

/** The report of a check whose process stopped (or broke the protocol) before it was judged. */
function describeStop({
  check,
  stopped: { stopped },
  options,
  loading,
}: {
  check: Check;
  stopped: CheckProcessStopped;
  options: JudgeChecksOptions;
  loading: boolean;
}): ChildFailure {
  if (stopped.kind === 'broken') {
    return {
      status: 'fail',
      message: `expected: the check process to answer each step in the grader's format\ngot: ${stopped.got}`,
      hint: BROKEN_CHANNEL_HINT,
    };
  }
  if (stopped.crash) {
    const { how, threw } = stopped.crash;
    const at = threw.at;
    const where = at ? ` (at ${at})` : '';
    const message =
      how === 'uncaught'
        ? `the lab threw outside the check: ${threw.message}${where}`
        : `a promise in the lab rejected unhandled: ${threw.message}${where}`;
    const exercise =
      at === undefined ? undefined : findThrowingExercise({ labDir: options.labDir, at });
    const hint =
      blameThrow({
        at,
        exercise,
        checkExercise: check.exercise,
        checkHint: check.hints[DEFAULT_HINT] ?? '',
        kind: how,
      }) || UNPLACED_CRASH[how];
    return { status: 'error', errorKind: 'crashed', message, hint };
  }
  return loading ? describeLoadFailure(stopped.ended) : describeFailure(stopped.ended);
}

/** Where to look when something wrote on the grader's channel, which only the check process may. */
const BROKEN_CHANNEL_HINT =
  "something in the lab wrote to file descriptor 3, the grader's channel, or changed what the check process answers with; remove it";

/**
 * The hint for a crash whose error names no line of the lab's (an error of Node's own, such as a
 * failed file read, carries no stack of the code that asked): where to look, and no TODO, since
 * naming one would be a guess.
 */
const UNPLACED_CRASH = {
  uncaught:
    "nothing in the error's stack is a line of the lab's: look for a callback or an event handler the lab set up that throws, and handle the error there",
  unhandled:
    "nothing in the error's stack is a line of the lab's: look for a promise the lab neither awaits nor catches (a call without await, a .then without .catch, often around a file or network call) and await it inside a try",
};
