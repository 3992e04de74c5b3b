/**
 * The child entry that runs a lab's checks one after another: `node run-checks.js`, compiled (see
 * compiled/compile-grader.mjs). Its stdin holds a token, its task (CheckProcessTask), then the lab's
 * compiled modules (JSON) and the seed, sent once the grader has compiled the lab: the child loads
 * the grader's code meanwhile, and may start before the grader has even read its own command line
 * (see prestartCheckProcess). Student code is imported only here, so whatever it does cannot take
 * the grader down. Before each check it tells the grader which one starts (that check's time limit
 * runs from then), and after it, the report; both go to MESSAGE_FD, never to stdout, which the lab
 * may flood. When the lab kills this process or leaves a check hanging, the grader reports that
 * check and runs the ones after it in a fresh child.
 */
import { type CheckResult, DEFAULT_HINT } from '@agent-course/course';
import { blameThrow, findThrowingExercise } from './blame-throw';
import type { Check } from './check';
import { parseCheckProcessTask } from './check-process-task';
import { capturePrintedOutput, type PrintedOutputCapture } from './capture-printed-output';
import { sendChildMessage } from './child-message';
import type { CompiledLab } from './compiled/compile-lab';
import { findGradedDays } from './day';
import { useCompiledLab } from './import-lab-file';
import { findLabFrame } from './find-lab-frame';
import { LabExitError } from './lab-exit-error';
import { atLabFrame, runCheckHere } from './run-check-here';

const stdin = readLinesOfStdin();
/** Read before any lab code loads; see sendChildMessage. Never stored anywhere else. */
const token = (await stdin.nextLine()).trim();
const task = parseCheckProcessTask(await stdin.nextLine());
if (!task.ok) {
  process.stderr.write(`the check process was given no task it can read: ${task.error}\n`);
  process.exit(2);
}
const { dayId, labDir, timeoutMs, scratchRoot, checkIds } = task.value;
// A check process may have started before its grade had a folder (see prestartCheckProcess): it
// moves into the grade's now, before any lab code runs.
process.chdir(scratchRoot);
process.env.TMPDIR = scratchRoot;
// The day's checks load while the grader may still be compiling the lab, with all they import:
// the lab's compile is then all a grade waits for. So does the workspace package the lab's tools
// call, which no check imports whole (with its regular expression engine, the largest module a lab
// loads). fetch's own code, which the scripted model's runs use, is loaded before this file (see
// apply-node-flags.mjs).
const selected = findGradedDays({ only: dayId }).then(({ days }) => {
  const day = days.find((candidate) => candidate.id === dayId);
  const checks =
    day && [...day.checks, ...day.stretch].filter((check) => checkIds.includes(check.id));
  return { day, checks };
});
const checksLoaded = selected.then(({ checks }) => {
  // A check that fails to load is reported by runCheckHere, when it runs.
  return Promise.all([
    import('@agent-course/workspace').catch(() => undefined),
    ...(checks ?? []).map((check) => check.load().catch(() => undefined)),
  ]);
});
const { modules, seed } = await readCompiledLab();
useCompiledLab({ labDir, modules });
const realExit: (code?: number) => never = process.exit.bind(process);
/** The check running now, which a crash is blamed on. */
let current: Check | undefined;
/** The checks without a report yet, which a crash before any check starts is blamed on. */
let unreported: Check[] = [];
/** What the lab prints while the checks run, kept for the report of the check that printed it. */
let printed: PrintedOutputCapture | undefined;

/** Sends a check's report, with what the lab printed during the check when it printed anything. */
function sendResult(result: CheckResult): void {
  unreported = unreported.filter((candidate) => candidate.id !== result.id);
  const output = result.id === current?.id ? printed?.take() : undefined;
  const reported = output ? { ...result, printed: output } : result;
  sendChildMessage({ message: { kind: 'finished', result: reported }, token });
}

/**
 * Ends the process after something escaped a check, even if the lab left servers or timers running.
 * The check in progress is reported as crashed, and the grader runs the rest in a fresh child; when
 * the lab broke while loading, before any check began, every check is reported at once. The hint
 * names the lab's line the error's stack leads to and the TODO holding it (see blameThrow), never
 * the check's own TODO by default: what escaped may have come from anywhere in the lab.
 */
function abandon({
  message,
  error,
  kind,
}: {
  message: string;
  error: unknown;
  kind: 'uncaught' | 'unhandled';
}): never {
  const at = findLabFrame({ error, labDir });
  const exercise = at === undefined ? undefined : findThrowingExercise({ labDir, at });
  for (const check of current ? [current] : unreported) {
    const { id, title } = check;
    const hint =
      blameThrow({
        at,
        exercise,
        checkExercise: check.exercise,
        checkHint: check.hints[DEFAULT_HINT] ?? '',
        kind,
      }) || UNPLACED_CRASH[kind];
    sendResult({ id, title, status: 'error', errorKind: 'crashed', message, hint });
  }
  realExit(0);
}

/**
 * stdin, a line at a time, as the grader writes it: the token first, then the task, then (once the
 * grader has compiled the lab) the lab's compiled modules and the grade's seed. The seed comes this
 * way rather than on the command line, which a lab could read (process.argv, /proc/self/cmdline) to
 * work out the variants its checks will generate. The end of stdin follows the last line, so it is
 * used up before lab code runs and cannot be read again.
 */
function readLinesOfStdin(): { nextLine: () => Promise<string>; ended: Promise<void> } {
  let buffered = '';
  let wake: (() => void) | undefined;
  let finished = false;
  const ended = new Promise<void>((resolve) => {
    const end = () => {
      finished = true;
      resolve();
      wake?.();
    };
    process.stdin.on('end', end).on('error', end);
  });
  process.stdin.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    wake?.();
  });
  const nextLine = async (): Promise<string> => {
    for (;;) {
      const newline = buffered.indexOf('\n');
      if (newline >= 0 || finished) {
        const line = newline >= 0 ? buffered.slice(0, newline) : buffered;
        buffered = newline >= 0 ? buffered.slice(newline + 1) : '';
        return line;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  return { nextLine, ended };
}

/** The lab's compiled modules and the grade's seed, the last lines of stdin, read to its end. */
async function readCompiledLab(): Promise<{ modules: CompiledLab['modules']; seed: number }> {
  const modules = await stdin.nextLine();
  const seed = await stdin.nextLine();
  await stdin.ended;
  let compiled: CompiledLab['modules'];
  try {
    compiled = JSON.parse(modules) as CompiledLab['modules'];
  } catch {
    compiled = { ok: false, error: 'the grader sent no compiled lab' };
  }
  return { modules: compiled, seed: Number(seed) || 0 };
}

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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// A lab calling process.exit would end the check without a report; make it a clear failure instead.
process.exit = ((code?: number) => {
  throw new LabExitError(code);
}) as typeof process.exit;
process.on('uncaughtException', (error) =>
  abandon({
    message: `the lab threw outside the check: ${describe(error)}${atLabFrame({ error, labDir })}`,
    error,
    kind: 'uncaught',
  }),
);
process.on('unhandledRejection', (reason) =>
  abandon({
    message: `a promise in the lab rejected unhandled: ${describe(reason)}${atLabFrame({ error: reason, labDir })}`,
    error: reason,
    kind: 'unhandled',
  }),
);

const { day, checks } = await selected;
if (!day || !checks || checks.length !== checkIds.length) {
  process.stderr.write(`no checks ${checkIds.join(', ')} in day ${dayId}\n`);
  realExit(2);
}
unreported = checks;
// From here on, stack traces name the lab's own files and lines (its compiled files carry source
// maps), as they would under tsx; turned on only now, so the grader's own modules load without it.
await checksLoaded;
process.setSourceMapsEnabled(true);
// A lab that hangs or dies while loading then fails every check here at once. One that throws is
// left to each check, which finds the same error in the module cache and reports it in its words.
if (day.loadLab) {
  // Said first, so a child that ends before its first check is known to have ended loading the lab.
  sendChildMessage({ message: { kind: 'loading' }, token });
  await day.loadLab(labDir).catch(() => {});
}
// From here on, what the lab prints goes into each check's report rather than to stdout.
printed = capturePrintedOutput({
  onProgress: (progress) =>
    sendChildMessage({
      message:
        'line' in progress
          ? { kind: 'printed-line', line: progress.line }
          : { kind: 'printed-count', lines: progress.lines },
      token,
    }),
});
for (const check of checks) {
  current = check;
  sendChildMessage({ message: { kind: 'started', checkId: check.id }, token });
  sendResult(await runCheckHere({ check, labDir, timeoutMs, seed, scratchRoot }));
  current = undefined;
}
realExit(0);
