import type { PrintedOutput } from '@agent-course/course';
import {
  type CheckProcessMessage,
  type CheckProcessRequest,
  type LabThrow,
  parseCheckProcessMessage,
} from '../beside-lab/check-process-protocol';
import type { CompiledKit } from '../compiled/compile-grader.mjs';
import type { CompiledLab } from '../compiled/compile-lab';
import { compiledPathOf } from '../compiled/compiled-path-of.mjs';
import { DRIVE_LAB_ENTRY } from '../beside-lab/kit-paths';
import { labEnvironment } from './lab-environment';
import { createPrintedSoFar } from '../reporting/printed-so-far';
import { settledOrAfter } from './settled-or-after';
import { startBoundedProcess } from './start-bounded-process';
import { type BoundedExit, watchTimeLimits } from './watch-time-limits';

/** The lab's code threw (or called process.exit) during a step: the check judges that. */
export class LabThrew extends Error {
  constructor(readonly threw: LabThrow) {
    super(threw.message);
    this.name = 'LabThrew';
  }
}

/**
 * The check process ended, or sent what the grader cannot take, before answering: the check it
 * was running is reported from this, and the next check gets a fresh process.
 */
export class CheckProcessStopped extends Error {
  constructor(
    readonly stopped:
      | {
          kind: 'ended';
          ended: BoundedExit;
          crash?: Extract<CheckProcessMessage, { kind: 'crashed' }>;
        }
      | { kind: 'broken'; got: string },
  ) {
    super(stopped.kind === 'broken' ? stopped.got : 'the check process ended');
    this.name = 'CheckProcessStopped';
  }
}

/** What a check process is started for. */
export interface CheckProcessOptions {
  dayId: string;
  /** The (staged) lab. */
  labDir: string;
  compiledKit: CompiledKit;
  /** The lab's compiled files, sent once they are ready. */
  labModules: Promise<CompiledLab['modules']>;
  /** Each check's time budget, counted from its `begin`. */
  timeoutMs: number;
  /** The grade's folder, where each check's scratch folder is made. */
  scratchRoot: string;
  /** The process's working folder and TMPDIR, the one folder of the grade's it may write to at first. */
  studentTemp: string;
}

/** A check process, driven one request at a time. */
export interface CheckProcess {
  /**
   * Settles when the lab is loaded, or with why the process stopped before it was, and whether it
   * had begun to import the lab by then.
   */
  loaded: Promise<{ stopped: CheckProcessStopped; whileLoading: boolean } | undefined>;
  /** Starts a check: its time limit runs from now. */
  begin(checkId: string): Promise<void>;
  /** One step of the running check; rejects with LabThrew or CheckProcessStopped. */
  drive(step: { operation: string; input: unknown; scratchDir: string }): Promise<unknown>;
  /** Ends the running check, with what the lab printed during it. */
  end(): Promise<PrintedOutput | undefined>;
  /** What the lab printed during the running check, as told so far: for a check that was stopped. */
  printedSoFar(): PrintedOutput | undefined;
  /** Lets the process end (its stdin closes) and waits for it. */
  close(): Promise<void>;
}

/** The answers the grader is waiting for, by the message kind that settles each. */
type Awaited = { kind: CheckProcessMessage['kind']; id?: number };

/**
 * Starts a check process, tells it its task, and sends the lab's compiled files once they are ready. The process may misbehave in any
 * way; everything it says is parsed, and only the one answer the grader waits for is taken.
 */
export function startCheckProcess(options: CheckProcessOptions): CheckProcess {
  const entry =
    compiledPathOf({
      sourceRoot: options.compiledKit.kitRoot,
      outDir: options.compiledKit.outDir,
      file: DRIVE_LAB_ENTRY,
    }) ?? DRIVE_LAB_ENTRY;
  const started = startBoundedProcess({
    args: [entry],
    // A lab's environment (see labEnvironment), without colours: its messages are plain text.
    // Commands not isolated (ISOLATE=0): day 4's checks watch the signals the lab's own code
    // sends what a command left running, and a namespace would end those processes by itself.
    env: labEnvironment({ NO_COLOR: '1', FORCE_COLOR: '0', ISOLATE: '0' }),
    // Its own folder rather than the grader's working directory, which the user student code
    // runs as may not be allowed to enter (a batch run from a private folder, as root).
    cwd: options.studentTemp,
    tempDir: options.studentTemp,
    keepStdinOpen: true,
    messages: true,
  });
  let waiting:
    | {
        awaited: Awaited;
        resolve: (message: CheckProcessMessage) => void;
        reject: (error: Error) => void;
      }
    | undefined;
  let stopped: CheckProcessStopped | undefined;
  let crash: Extract<CheckProcessMessage, { kind: 'crashed' }> | undefined;
  let printed = createPrintedSoFar();
  let nextId = 0;
  /** Whether the process has said it is importing the lab (see \`loaded\`). */
  let loadingSeen = false;

  const stop = (reason: CheckProcessStopped) => {
    stopped ??= reason;
    waiting?.reject(stopped);
    waiting = undefined;
    started.stop();
  };

  // Its time limits start once it has the lab to load: until then it waits for the grader's
  // compile, which on a busy machine (a batch, several grades at once) can outlast an idle limit.
  // A compile that never ends holds it no longer than one check's time.
  const bounded = settledOrAfter({ promise: options.labModules, ms: options.timeoutMs });
  const ended = bounded.then(() =>
    watchTimeLimits({
      started,
      timeoutMs: options.timeoutMs,
      onMessage: (line) => {
        const message = line === undefined ? undefined : parseCheckProcessMessage(line);
        if (message?.kind === 'printed-line') printed.addLine(message.line);
        else if (message?.kind === 'printed-count') printed.addCount(message.lines);
        else if (message?.kind === 'loading' && !loadingSeen && waiting?.awaited.kind === 'ready') {
          // Not an answer, and it may come in one read with \`ready\`: noted, and the time limit
          // starts afresh for the lab's own load.
          loadingSeen = true;
          return true;
        } else if (message?.kind === 'crashed') crash ??= message;
        else if (waiting && message && fits(message, waiting.awaited)) {
          const { resolve } = waiting;
          waiting = undefined;
          resolve(message);
          // A new check: its time limit starts afresh. Nothing else buys time.
          return message.kind === 'begun';
        } else if (waiting) {
          stop(
            new CheckProcessStopped({ kind: 'broken', got: describeUnexpected({ line, message }) }),
          );
        }
        return false;
      },
    }),
  );
  void ended.then((exit) =>
    stop(new CheckProcessStopped({ kind: 'ended', ended: exit, ...(crash ? { crash } : {}) })),
  );

  const send = (request: CheckProcessRequest) => {
    if (!stopped) started.child.stdin?.write(`${JSON.stringify(request)}\n`);
  };
  const expect = (awaited: Awaited): Promise<CheckProcessMessage> =>
    stopped
      ? Promise.reject(stopped)
      : new Promise((resolve, reject) => {
          waiting = { awaited, resolve, reject };
        });

  send({
    kind: 'task',
    dayId: options.dayId,
    labDir: options.labDir,
    workDir: options.studentTemp,
  });
  const loaded = expect({ kind: 'ready' }).then(
    () => undefined,
    (error: unknown) =>
      error instanceof CheckProcessStopped
        ? { stopped: error, whileLoading: loadingSeen }
        : undefined,
  );
  void options.labModules.then((modules) => send({ kind: 'modules', modules }));

  return {
    loaded,
    async begin(checkId) {
      printed = createPrintedSoFar();
      const begun = expect({ kind: 'begun' });
      send({ kind: 'begin', checkId });
      await begun;
    },
    async drive({ operation, input, scratchDir }) {
      const id = nextId++;
      const answered = expect({ kind: 'answer', id });
      send({ kind: 'drive', id, operation, input, scratchDir });
      const answer = await answered;
      if (answer.kind === 'threw') throw new LabThrew(answer.threw);
      return answer.kind === 'answer' ? answer.output : undefined;
    },
    async end() {
      const answered = expect({ kind: 'ended' });
      send({ kind: 'end' });
      const answer = await answered;
      return answer.kind === 'ended' ? answer.printed : undefined;
    },
    printedSoFar: () => printed.stopped(),
    async close() {
      if (!stopped) started.child.stdin?.end();
      await ended;
    },
  };
}

/** Whether a message is the answer awaited: a step's answer (or throw) must carry the step's id. */
function fits(message: CheckProcessMessage, awaited: Awaited): boolean {
  if (awaited.kind === 'answer') {
    return (message.kind === 'answer' || message.kind === 'threw') && message.id === awaited.id;
  }
  return message.kind === awaited.kind;
}

/** What the grader got instead of the answer it waited for, for the check's report. */
function describeUnexpected({
  line,
  message,
}: {
  line: string | undefined;
  message: CheckProcessMessage | undefined;
}): string {
  if (line === undefined) return "a message too long to read on the grader's channel";
  if (!message) return 'a message the grader cannot read on its channel';
  return `a "${message.kind}" message out of turn on the grader's channel`;
}
