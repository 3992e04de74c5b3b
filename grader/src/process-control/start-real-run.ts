import type { CompileError } from '@agent-course/course';
import { createSandbox } from '@agent-course/sandbox';
import type { TimeLimitKind } from './create-time-budget';
import type { CompiledLab } from '../compiled/compile-lab';
import { mapCompiledPositions } from '../compiled/map-compiled-positions';
import { labEnvironment } from './lab-environment';
import { startBoundedProcess } from './start-bounded-process';
import { watchTimeLimits } from './watch-time-limits';
import { type EndpointSeen, type ServedAnswer, servePacedAnswer } from './serve-paced-answer';
import {
  type ConversationEndpoint,
  type ConversationSeen,
  type ServedConversation,
  serveConversation,
} from './serve-conversation';
import { STDOUT_TAIL_CHARS } from '../beside-lab/limits';
import { createTailCollector } from '../beside-lab/tail-collector';
import { createStudentFolder, handOverFolder } from '../lab-files/student-folders';

/**
 * What a check's judging part asks of the lab's real run: `MOCK=1 <environment> pnpm start`, or,
 * with `served`, `pnpm start` against an endpoint of the grader's.
 */
export interface RealRunRequest {
  /** Added to the run's environment, e.g. `{ INJECT: 'bad_args' }`. */
  environment: Record<string, string>;
  /**
   * Runs it for real instead of offline: with the README's variables pointing at an endpoint the
   * grader serves on loopback, which streams this answer of the seed's, paced by the lab's stdout
   * if the answer says so (see servePacedAnswer). The run's stdout and what the endpoint saw are
   * then kept.
   */
  served?: (seed: number) => ServedAnswer;
  /**
   * With `served`: runs `pnpm start -` and writes a question to its stdin this long after the run
   * starts. The lab cannot send its request before it has the question, so no time it measures
   * from its request can be longer than from then to its last output: see ServedRunSeen.
   */
  askAfterMs?: number;
  /**
   * Runs a chat for real instead: its lines written to stdin at the start, each request answered
   * by an endpoint of the grader's with the seed's answers and, where the conversation says, a
   * SIGINT once an answer's first pieces are on the lab's stdout (see serveConversation). What
   * each request carried and the run's stdout are then kept. Not with `served`.
   */
  conversation?: (seed: number) => ServedConversation;
  /**
   * How the run of a lab that does everything right ends, when not with exit code 0 and nothing
   * said: what the grader's own tests, which judge a check without a real run, are told it did.
   */
  endsWell?: (seed: number) => RealRun;
}

/** What a run against the grader's endpoint showed, besides how it ended (see `served`). */
export interface ServedRunSeen {
  /** What the endpoint saw. */
  endpoint: EndpointSeen;
  /** The end of what the run wrote to stdout. */
  stdout: string;
  /** From its start to its end, on the grader's clock: no time the lab measures can be longer. */
  elapsedMs: number;
  /** With `askAfterMs`: from its start to when the question was written to its stdin. */
  askedAtMs?: number;
  /** From its start to when its stdout last grew; undefined when it printed nothing. */
  lastOutputMs?: number;
}

/** What a chat run against the grader's endpoint showed (see `conversation`). */
export interface ChatRunSeen {
  /** What the endpoint saw: each request's messages. */
  endpoint: ConversationSeen;
  /** The end of what the run wrote to stdout. */
  stdout: string;
}

/** How the lab's real run ended, as the grader saw it: an observation, judged by its check. */
export type RealRun =
  /** The lab's command line does not compile, so nothing ran: why, and the lab's line when known. */
  | { kind: 'not-compiled'; error: string; compileError?: CompileError }
  /** It ran into a time limit and was stopped. */
  | {
      kind: 'stopped';
      timeLimit: { kind: TimeLimitKind; limitMs: number };
      served?: ServedRunSeen;
      chat?: ChatRunSeen;
    }
  /** It ended by itself: its exit code or signal, and the end of its stderr at the lab's lines. */
  | {
      kind: 'ended';
      exitCode: number | null;
      signal: NodeJS.Signals | null;
      stderr: string;
      served?: ServedRunSeen;
      chat?: ChatRunSeen;
    };

/**
 * Runs the lab's command line as a real process in a practice sandbox, offline (`MOCK=1`) or
 * against the grader's endpoint (`served`), and records how it ended: what only a process shows (a
 * process.exit, an unhandled rejection, a timer or server left open that keeps it from ending, what
 * it printed while a stream was still coming). Started once the program is built, beside the check
 * process, by the compiled launcher (see launch-lab-program.ts), told the program on its command line.
 */
export async function startRealRun(options: {
  request: RealRunRequest;
  /** The grade's seed, which the served answer is made from. */
  seed: number;
  /** Aborted once no check will read the run: it is stopped, if it is still going. */
  unread: AbortSignal;
  /** The run's own scratch folder, inside the grade's (see scratchDirOf). */
  scratchDir: string;
  /** TMPDIR for the run (see student-folders.ts). */
  studentTemp: string;
  /** The run's time limit, a check's. */
  timeoutMs: number;
  /** The compiled launch-lab-program.ts. */
  launcher: string;
  /** The lab's command line compiled into one program, or why it does not compile. */
  program: Promise<CompiledLab['commandLine']>;
}): Promise<RealRun> {
  // As root, the run is another user's, who may write only in here.
  await createStudentFolder(options.scratchDir);
  // Made out of the lab's reach and handed over whole (see student-folders.ts).
  const sandbox = await handOverFolder({
    into: options.scratchDir,
    name: 'sandbox',
    build: async (folder) => {
      await createSandbox({ directory: folder });
    },
  });
  const program = await options.program;
  // The grade is over before the run could start: what is returned here is never read.
  if (options.unread.aborted) return { kind: 'not-compiled', error: 'the grade ended first' };
  if (!program.ok) {
    const { error, compileError } = program;
    return { kind: 'not-compiled', error, ...(compileError ? { compileError } : {}) };
  }
  const endpoint = options.request.served
    ? await servePacedAnswer(options.request.served(options.seed))
    : undefined;
  const conversation = options.request.conversation?.(options.seed);
  let pressCtrlC = () => {};
  const chatEndpoint: ConversationEndpoint | undefined = conversation
    ? await serveConversation({ conversation, pressCtrlC: () => pressCtrlC() })
    : undefined;
  const baseURL = endpoint?.baseURL ?? chatEndpoint?.baseURL;
  try {
    // Plain, and without the model key of whoever grades: offline, or at the grader's endpoint.
    const env = labEnvironment({
      NO_COLOR: '1',
      ...(baseURL
        ? { OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: SERVED_KEY, MODEL: SERVED_MODEL }
        : { MOCK: '1' }),
      ...options.request.environment,
    });
    const stdout = createTailCollector(STDOUT_TAIL_CHARS);
    const { askAfterMs } = options.request;
    const asks = endpoint !== undefined && askAfterMs !== undefined;
    const startedAt = performance.now();
    let askedAtMs: number | undefined;
    let lastOutputMs: number | undefined;
    const started = startBoundedProcess({
      args: [
        options.launcher,
        program.file,
        program.source,
        ...(asks ? ['-'] : []),
        '--cwd',
        sandbox,
      ],
      ...(asks
        ? { keepStdinOpen: true }
        : {
            stdinText: conversation ? conversation.lines.map((line) => `${line}\n`).join('') : '',
          }),
      cwd: options.scratchDir,
      env,
      tempDir: options.studentTemp,
      ...(baseURL
        ? {
            onStdout: (chunk: string) => {
              lastOutputMs = performance.now() - startedAt;
              stdout.add(chunk);
              endpoint?.stdoutGrew(stdout.text());
              chatEndpoint?.stdoutWrote(chunk);
            },
          }
        : {}),
    });
    // The person's Ctrl-C, as a terminal sends it: to the program, which stops only the answer.
    pressCtrlC = () => started.child.kill('SIGINT');
    const asking = asks
      ? setTimeout(() => {
          askedAtMs = performance.now() - startedAt;
          started.child.stdin?.end(`${SERVED_QUESTION}\n`);
        }, askAfterMs)
      : undefined;
    const stop = () => started.stop();
    options.unread.addEventListener('abort', stop, { once: true });
    const ended = await watchTimeLimits({ started, timeoutMs: options.timeoutMs }).finally(() => {
      clearTimeout(asking);
      options.unread.removeEventListener('abort', stop);
    });
    const served = endpoint
      ? {
          endpoint: endpoint.seen(),
          stdout: stdout.text(),
          elapsedMs: performance.now() - startedAt,
          ...(askedAtMs === undefined ? {} : { askedAtMs }),
          ...(lastOutputMs === undefined ? {} : { lastOutputMs }),
        }
      : undefined;
    const chat = chatEndpoint
      ? { endpoint: chatEndpoint.seen(), stdout: stdout.text() }
      : undefined;
    const seen = { ...(served ? { served } : {}), ...(chat ? { chat } : {}) };
    if (ended.timedOut && ended.timeLimit) {
      return { kind: 'stopped', timeLimit: ended.timeLimit, ...seen };
    }
    return {
      kind: 'ended',
      exitCode: ended.exitCode,
      signal: ended.signal,
      stderr: mapCompiledPositions({ text: ended.stderrTail, file: program.file }),
      ...seen,
    };
  } finally {
    await endpoint?.close();
    await chatEndpoint?.close();
  }
}

/** The question written to a served run's stdin (see askAfterMs); the endpoint does not read it. */
const SERVED_QUESTION = 'What is a coding agent?';
/** The key and model a served run is given: the endpoint reads neither, so any will do. */
const SERVED_KEY = 'sk-grader-endpoint';
const SERVED_MODEL = 'grader-model';
