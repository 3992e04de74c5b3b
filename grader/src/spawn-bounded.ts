import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import {
  createTimeBudget,
  type TimeLimitKind,
  timeLimitsFor,
  type TimedUsage,
} from './create-time-budget';
import {
  KILL_GRACE_MS,
  OUTPUT_DRAIN_MS,
  MAX_MESSAGE_LINE_CHARS,
  STDERR_TAIL_CHARS,
  FIRST_USAGE_READ_MS,
  USAGE_SAMPLE_INTERVAL_MS,
} from './limits';
import {
  createGradeTag,
  findTaggedProcesses,
  GRADE_TAG_VARIABLE,
  killTaggedProcesses,
} from './kill-tagged-processes';
import { MESSAGE_FD } from './message-fd';
import { NODE_FLAGS } from './node-flags';
import { createGroupUsageReader } from './read-group-usage';
import { createTailCollector } from './tail-collector';
import { unprivilegedUser } from './unprivileged-user';

/**
 * Bounded processes still running, by tag (see kill-tagged-processes.ts), with the process group
 * each leads: killed if the grader itself exits early (Ctrl-C).
 */
const liveGroups = new Map<string, number | undefined>();
let exitHookInstalled = false;

/** How a bounded process ended. */
export interface BoundedExit {
  /** The exit code, or null when a signal ended it. */
  exitCode: number | null;
  /** The signal that ended it, if any. */
  signal: NodeJS.Signals | null;
  /** True when it ran out of time and was killed. */
  timedOut: boolean;
  /** With timedOut: the limit it ran into, and that limit's size. */
  timeLimit?: { kind: TimeLimitKind; limitMs: number };
  /**
   * With an idle timeout: the command lines of processes it started that had left its process group
   * (so their work was not counted) and were still running when it was stopped.
   */
  runningOutsideGroup?: string[];
  /** The last part of what it wrote to stderr; stdout is discarded, since it may be flooded. */
  stderrTail: string;
}

/**
 * Runs a Node program that may misbehave in every way: it gets its own process group (so a kill
 * also reaches whatever it started), its stdout is discarded, its stderr is capped, and when time
 * runs out the group gets SIGTERM, then SIGKILL. Whatever it does, this resolves.
 *
 * Time is counted so that a busy machine cannot make a correct program fail: `timeoutMs` is the
 * CPU time the group may use and the time it may sit idle (see createTimeBudget), and wall-clock
 * time only backs them up, at WALL_BACKSTOP_FACTOR times the limit. Where the group's usage cannot
 * be read, `timeoutMs` of wall-clock time is the limit, as the only one left.
 *
 * With `onMessage`, the program also gets MESSAGE_FD, and each line it writes there that `onMessage`
 * accepts starts its time limit afresh: a program that runs several steps announces each one, and
 * each gets the full limit. A line `onMessage` refuses changes nothing, so junk cannot buy time.
 *
 * Every bounded process runs student code, so when the grader runs as root it runs as the
 * unprivileged user instead (see unprivileged-user.ts); the grader can still kill it.
 *
 * Every process it starts inherits a random tag in its environment, and when it ends (or the grader
 * does) every process carrying the tag is killed too: one that left the group (`setsid`, a command
 * run in a process group of its own) or was orphaned does not outlive the grade. Linux only.
 */
export function spawnBounded(
  options: (BoundedProcessOptions | { started: StartedProcess }) & {
    timeoutMs: number;
    /** Told each line on MESSAGE_FD, or undefined for one too long to keep. */
    onMessage?: (line: string | undefined) => boolean;
    /**
     * Written to the program's stdin part by part, each when it settles, and stdin is then closed;
     * without it stdin is empty. The program can start before all it will be told is known.
     */
    stdinText?: string | Promise<string> | Array<string | Promise<string>>;
    /** Leaves stdin open for the caller to write to (`started.child.stdin`) and end. */
    keepStdinOpen?: boolean;
  },
): Promise<BoundedExit> {
  // A program already started by startBoundedProcess (see prestartCheckProcess): its time limits
  // count from now, and its arguments, folders and environment are the ones it was started with.
  const started =
    'started' in options
      ? options.started
      : startBoundedProcess({
          ...options,
          stdin: options.stdinText !== undefined || options.keepStdinOpen === true,
          messages: options.onMessage !== undefined,
        });
  started.adopt();
  const { child, pid, tag, stderr } = started;
  // A program that dies before reading its stdin closes the pipe; that is its own failure, reported below.
  child.stdin?.on('error', () => {});
  if (!options.keepStdinOpen) void writeInOrder({ child, parts: [options.stdinText ?? []].flat() });

  let timedOut = false;
  let timeLimit: BoundedExit['timeLimit'];
  let runningOutsideGroup: string[] | undefined;
  let forceKill: NodeJS.Timeout | undefined;
  const expire = (limit: NonNullable<BoundedExit['timeLimit']>) => {
    if (timedOut) return;
    timedOut = true;
    timeLimit = limit;
    if (limit.kind === 'idleMs') {
      // The group was idle, but what it waited for may have been running elsewhere.
      const outside = findTaggedProcesses(tag).filter((tagged) => tagged.groupId !== pid);
      if (outside.length > 0) runningOutsideGroup = outside.map((tagged) => tagged.commandLine);
    }
    killGroup({ pid, signal: 'SIGTERM' });
    forceKill = setTimeout(() => killGroup({ pid, signal: 'SIGKILL' }), KILL_GRACE_MS);
  };

  const limits = timeLimitsFor(options.timeoutMs);
  const budget = createTimeBudget(limits);
  // Until the first reading, the group has used nothing and is starting up (runnable).
  let latest: TimedUsage = { cpuMs: 0, runnable: true, processCount: 1, atMs: performance.now() };
  const startedAt = latest.atMs;
  let stepStartedAt = latest.atMs;
  budget.restart(latest);
  let usageUnreadable = false;
  let sampling = false;
  const readUsage = createGroupUsageReader(pid ?? 0);
  const sample = async () => {
    if (timedOut || pid === undefined) return;
    const elapsed = performance.now() - stepStartedAt;
    // Where CPU and idle time cannot be read, wall-clock time at the limit itself is all there is.
    const wallLimit = usageUnreadable ? options.timeoutMs : limits.wallMs;
    if (elapsed >= wallLimit) return expire({ kind: 'wallMs', limitMs: wallLimit });
    if (sampling || usageUnreadable || performance.now() - startedAt < FIRST_USAGE_READ_MS) return;
    sampling = true;
    const usage = await readUsage();
    sampling = false;
    if (timedOut) return;
    if (!usage) {
      usageUnreadable = true;
      return;
    }
    if (usage.processCount === 0) return;
    latest = { ...usage, atMs: performance.now() };
    const broken = budget.observe(latest);
    if (broken) expire({ kind: broken, limitMs: limits[broken] });
  };
  const sampler = setInterval(() => void sample(), USAGE_SAMPLE_INTERVAL_MS);

  const { onMessage } = options;
  const messages = child.stdio[MESSAGE_FD] as Readable | null;
  if (onMessage && messages) {
    readLines({
      stream: messages,
      onLine: (line) => {
        if (timedOut || !onMessage(line)) return;
        // A new step: its budget starts from what the group has used so far.
        latest = { ...latest, atMs: performance.now() };
        stepStartedAt = latest.atMs;
        budget.restart(latest);
      },
    });
  }

  return started.closed.then(({ exitCode, signal }) => {
    clearInterval(sampler);
    clearTimeout(forceKill);
    started.stop();
    return {
      exitCode,
      signal,
      timedOut,
      timeLimit,
      ...(runningOutsideGroup ? { runningOutsideGroup } : {}),
      stderrTail: stderr.text(),
    };
  });
}

/** How a bounded program is started: what it runs, where, and with which environment. */
export interface BoundedProcessOptions {
  args: string[];
  cwd?: string;
  env: NodeJS.ProcessEnv;
  /**
   * The program's TMPDIR: a folder of the grade's, writable by the user the program runs as and
   * removed with the grade, so nothing the program leaves in its temporary folder outlives it.
   */
  tempDir: string;
}

/** A bounded program that has started, and is not yet bounded by time (see spawnBounded). */
export interface StartedProcess {
  child: ChildProcess;
  pid: number | undefined;
  /** Its grade tag (see kill-tagged-processes.ts). */
  tag: string;
  stderr: ReturnType<typeof createTailCollector>;
  /** Settles when it has ended and its output is read; never rejects. */
  closed: Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>;
  /** Lets it keep the grader running from now on; until then the grader may end without waiting. */
  adopt(): void;
  /** Kills its process group, and whatever it started that left the group; it may have ended already. */
  stop(): void;
}

/**
 * Starts a program as spawnBounded does (its own process group, the unprivileged user, a grade tag,
 * stdout discarded, stderr capped), without a time limit yet. Until adopted it does not keep the
 * grader running, and the grader's way out kills it like any other: started early and never
 * used, it costs nothing but its start.
 */
export function startBoundedProcess(
  options: BoundedProcessOptions & { stdin: boolean; messages: boolean },
): StartedProcess {
  installExitHook();
  const stderr = createTailCollector(STDERR_TAIL_CHARS);
  const user = unprivilegedUser();
  const tag = createGradeTag();
  const child = spawn(process.execPath, [...NODE_FLAGS, ...options.args], {
    cwd: options.cwd,
    env: { ...options.env, TMPDIR: options.tempDir, [GRADE_TAG_VARIABLE]: tag },
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    detached: true,
    stdio: [
      options.stdin ? 'pipe' : 'ignore',
      'ignore',
      'pipe',
      options.messages ? 'pipe' : 'ignore',
    ],
  });
  const pid = child.pid;
  liveGroups.set(tag, pid);
  child.stderr?.setEncoding('utf8').on('data', stderr.add);
  const closed = new Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>(
    (resolve) => {
      child.on('error', (error) => {
        stderr.add(error.message);
        resolve({ exitCode: null, signal: null });
      });
      child.on('close', (exitCode, signal) => resolve({ exitCode, signal }));
      child.on('exit', () => {
        // What it wrote is read by now; a process it left behind may hold the pipes open forever.
        const drained = setTimeout(() => {
          for (const stream of child.stdio) stream?.destroy();
        }, OUTPUT_DRAIN_MS);
        child.once('close', () => clearTimeout(drained));
      });
    },
  );
  // The process and its pipes, which keep the grader running only once it is adopted.
  const handles: Array<{ ref(): void; unref(): void }> = [child];
  for (const stream of child.stdio) {
    if (stream && 'unref' in stream && typeof stream.unref === 'function') {
      handles.push(stream as unknown as { ref(): void; unref(): void });
    }
  }
  for (const handle of handles) handle.unref();
  return {
    child,
    pid,
    tag,
    stderr,
    closed,
    adopt: () => {
      for (const handle of handles) handle.ref();
    },
    stop: () => {
      // Anything it left running (a server, a grandchild) goes with the group.
      killGroup({ pid, signal: 'SIGKILL' });
      // And anything that left the group.
      killTaggedProcesses(tag);
      liveGroups.delete(tag);
    },
  };
}

/** Writes each part to the child's stdin as it settles, in order, then closes it. */
async function writeInOrder({
  child,
  parts,
}: {
  child: ChildProcess;
  parts: Array<string | Promise<string>>;
}): Promise<void> {
  for (const part of parts) {
    const text = await Promise.resolve(part).catch(() => undefined);
    if (text === undefined) break;
    child.stdin?.write(text);
  }
  child.stdin?.end();
}

/**
 * Calls `onLine` with each complete line of a stream, without its newline. A line longer than
 * MAX_MESSAGE_LINE_CHARS is dropped whole, so a flood on the channel cannot fill the grader's memory,
 * and reported as undefined.
 */
function readLines({
  stream,
  onLine,
}: {
  stream: Readable;
  onLine: (line: string | undefined) => void;
}) {
  let partial = '';
  let overlong = false;
  stream.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      onLine(overlong ? undefined : line);
      overlong = false;
    }
    if (partial.length > MAX_MESSAGE_LINE_CHARS) {
      partial = '';
      overlong = true;
    }
  });
}

/** Kills a process group led by `pid`; a group that is already gone is fine. */
function killGroup({ pid, signal }: { pid: number | undefined; signal: NodeJS.Signals }): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Nothing is left to stop.
  }
}

/** Kills every process group still running, and every process they started; the grader calls it on its way out. */
export function killLiveGroups(): void {
  for (const [tag, pid] of liveGroups) {
    killGroup({ pid, signal: 'SIGKILL' });
    killTaggedProcesses(tag);
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killLiveGroups);
}
