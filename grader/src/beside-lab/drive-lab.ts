/**
 * The check process: the one place student code runs while a lab is graded, and where nothing is
 * judged. `node drive-lab.js`, compiled (see compiled/compile-grader.mjs). The grader sends it
 * requests on stdin, one JSON line each (see check-process-protocol.ts): the task, the lab's
 * compiled files, then for each check `begin`, the check's `drive` steps and `end`. A step calls
 * an operation of the check's driving part (listed in `days/<day>/beside-lab/index.ts`) with
 * inputs the grader generated, and the answer says what the lab did, as data: the grader, which
 * holds the seed and the expected values, judges it. A lab that forges an answer here forges only
 * data the grader checks as it checks the lab's own.
 */
import { dayListFile } from './kit-paths';
import type { CheckProcessMessage, CheckProcessRequest } from './check-process-protocol';
import { capturePrintedOutput, type PrintedOutputCapture } from './capture-printed-output';
import type { CompiledLab } from '../compiled/compile-lab';
import { importKitModule } from './import-kit-module';
import { useCompiledLab } from './import-lab-file';
import { LabExitError } from './lab-exit-error';
import { describeLabThrow } from './describe-lab-throw';
import { sendToGrader } from './send-to-grader';
import type { DayDriving, DrivingContext, DrivingPart } from './driving-part';

const realExit: (code?: number) => never = process.exit.bind(process);
/** The lab being graded, once the task names it. */
let task: Extract<CheckProcessRequest, { kind: 'task' }> | undefined;
/** The day's driving parts, once the lab's files are here. */
let day: DayDriving | undefined;
/** The running check's driving part, once it has begun. */
let driving: DrivingPart | undefined;
/** What the lab prints while the checks run, kept for the check that printed it. */
let printed: PrintedOutputCapture | undefined;

/** Carries out one request; each is answered before the next is read. */
async function handle(request: CheckProcessRequest): Promise<void> {
  if (request.kind === 'task') {
    task = request;
    return;
  }
  if (!task) return;
  const { dayId, labDir } = task;
  if (request.kind === 'modules') {
    useCompiledLab({ labDir, modules: request.modules as CompiledLab['modules'] });
    // From here on, stack traces name the lab's own files and lines (its compiled files carry
    // source maps), as they would under tsx.
    process.setSourceMapsEnabled(true);
    // Said first, so a process that ends now is known to have ended while loading the lab. A lab
    // that throws as it loads is left to each check, which meets the same error in its own words.
    sendToGrader({ kind: 'loading' });
    day = (await importKitModule(dayListFile({ dayId, side: 'beside-lab' }))) as DayDriving;
    await day.loadLab(labDir).catch(() => {});
    printed = capturePrintedOutput({
      onProgress: (progress) =>
        sendToGrader(
          'line' in progress
            ? { kind: 'printed-line', line: progress.line }
            : { kind: 'printed-count', lines: progress.lines },
        ),
    });
    sendToGrader({ kind: 'ready' });
    return;
  }
  if (request.kind === 'begin') {
    printed?.take();
    driving = day?.drivingParts[request.checkId];
    sendToGrader({ kind: 'begun' });
    return;
  }
  if (request.kind === 'end') {
    const output = printed?.take();
    sendToGrader({ kind: 'ended', ...(output ? { printed: output } : {}) });
    return;
  }
  const operation = driving?.operations[request.operation];
  if (!operation) {
    sendToGrader({
      kind: 'threw',
      id: request.id,
      threw: {
        message: driving
          ? `the check process has no operation ${request.operation}`
          : `grader/src/days/${dayId}/beside-lab/index.ts lists no driving part for this check; add it there`,
      },
    });
    return;
  }
  const context: DrivingContext = { labDir, scratchDir: request.scratchDir };
  let answer: CheckProcessMessage;
  try {
    answer = {
      kind: 'answer',
      id: request.id,
      output: await operation(request.input as never, context),
    };
  } catch (error) {
    answer = {
      kind: 'threw',
      id: request.id,
      threw: describeLabThrow({ error, labDir: task?.labDir }),
    };
  }
  sendToGrader(answer);
}

// A lab calling process.exit would end the process without an answer; make it a throw instead.
process.exit = ((code?: number) => {
  throw new LabExitError(code);
}) as typeof process.exit;
for (const [event, how] of [
  ['uncaughtException', 'uncaught'],
  ['unhandledRejection', 'unhandled'],
] as const) {
  process.on(event, (error: unknown) => {
    sendToGrader({
      kind: 'crashed',
      how,
      threw: describeLabThrow({ error, labDir: task?.labDir }),
    });
    realExit(0);
  });
}

/**
 * A request line. The grader writes them, so one that is not JSON is the grader's own mistake (or
 * a test's), told plainly before any lab code has run.
 */
function parseRequest(line: string): CheckProcessRequest {
  try {
    const request = JSON.parse(line) as CheckProcessRequest;
    if (typeof request?.kind === 'string') return request;
  } catch {
    // told below
  }
  process.stderr.write(
    `the check process was given a request it cannot read: ${line.slice(0, 200)}\n`,
  );
  return realExit(2);
}

/** Whether a request is being carried out (see handleWhileUnheld). */
let busy = false;

/**
 * Carries out a request with stdin no longer holding the process open: when the lab's code awaits
 * a promise that nothing will ever settle, with no timer or handle left to settle it, Node then
 * runs out of work, and the process ends at once with exit code 13, which the grader reports as
 * such, rather than sitting idle until a time limit stops it.
 */
async function handleWhileUnheld(request: CheckProcessRequest): Promise<void> {
  busy = true;
  process.stdin.unref();
  try {
    await handle(request);
  } finally {
    busy = false;
    process.stdin.ref();
  }
}
process.on('beforeExit', () => {
  if (busy) realExit(13);
});

// Requests are read a line at a time and carried out in order; the end of stdin ends the process.
let buffered = '';
let queue = Promise.resolve();
process.stdin.setEncoding('utf8').on('data', (chunk: string) => {
  buffered += chunk;
  let newline = buffered.indexOf('\n');
  while (newline >= 0) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    const request = parseRequest(line);
    queue = queue.then(() => handleWhileUnheld(request));
    newline = buffered.indexOf('\n');
  }
});
process.stdin.on('end', () => void queue.then(() => realExit(0)));
