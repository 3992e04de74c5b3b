import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
// The stray-processes module alone: the whole package would load every engine into the grader.
import { killStrayProcesses, strayMarkerVariable } from '@agent-course/workspace/stray-processes';
import { MAX_MESSAGE_LINE_CHARS, OUTPUT_DRAIN_MS, STDERR_TAIL_CHARS } from '../beside-lab/limits';
import { MESSAGE_FD } from '../beside-lab/message-fd';
import { NODE_FLAGS } from './node-flags';
import { createTailCollector } from '../beside-lab/tail-collector';
import { unprivilegedUser } from './unprivileged-user';

/**
 * Bounded processes still running, by the marker variable each one's processes carry, with the
 * process group each leads: killed if the grader itself exits early (Ctrl-C).
 */
const liveGroups = new Map<string, number | undefined>();
let exitHookInstalled = false;

/** What a bounded program runs, where, with which environment, and what it is given. */
export interface BoundedProcessOptions {
  args: string[];
  cwd?: string;
  env: NodeJS.ProcessEnv;
  /**
   * The program's TMPDIR: a folder of the grade's, writable by the user the program runs as and
   * removed with the grade, so nothing the program leaves in its temporary folder outlives it.
   */
  tempDir: string;
  /** Written to its stdin, which is then closed; without it stdin is empty. */
  stdinText?: string;
  /** Leaves stdin open for the caller to write to (`child.stdin`) and end. */
  keepStdinOpen?: boolean;
  /** Gives it MESSAGE_FD, a pipe to the grader read with readMessages. */
  messages?: boolean;
  /** Told what it writes to stdout, as it writes it; without it stdout is discarded. */
  onStdout?: (chunk: string) => void;
}

/** A bounded program that has started; watchTimeLimits bounds it in time. */
export interface StartedProcess {
  child: ChildProcess;
  pid: number | undefined;
  /** The variable every process it starts inherits (see stray-processes in packages/workspace). */
  marker: string;
  stderr: ReturnType<typeof createTailCollector>;
  /** Settles when it has ended and its output is read; never rejects. */
  closed: Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>;
  /**
   * Calls `onLine` with each complete line it writes on MESSAGE_FD, without its newline. A line
   * longer than MAX_MESSAGE_LINE_CHARS is dropped whole, so a flood on the channel cannot fill the
   * grader's memory, and reported as undefined. Until called, what it writes waits in the pipe.
   */
  readMessages(onLine: (line: string | undefined) => void): void;
  /** Signals its process group; a group that is already gone is fine. */
  signalGroup(signal: NodeJS.Signals): void;
  /** Kills its process group, and whatever it started that left the group; it may have ended already. */
  stop(): void;
}

/**
 * Starts a Node program that may misbehave in every way: it gets its own process group (so a kill
 * also reaches whatever it started), its stdout is discarded (or handed to `onStdout`) and its
 * stderr capped. Every process it starts inherits a marker variable, and when it is stopped (or the
 * grader exits) every process carrying it is killed too: one that left the group (`setsid`) or was
 * orphaned does not outlive the grade. Linux only, that last part.
 *
 * Every bounded process runs student code, so when the grader runs as root it runs as the
 * unprivileged user instead (see unprivileged-user.ts); the grader can still kill it.
 */
export function startBoundedProcess(options: BoundedProcessOptions): StartedProcess {
  installExitHook();
  const stderr = createTailCollector(STDERR_TAIL_CHARS);
  const user = unprivilegedUser();
  const marker = strayMarkerVariable();
  const child = spawn(process.execPath, [...NODE_FLAGS, ...options.args], {
    cwd: options.cwd,
    env: { ...options.env, TMPDIR: options.tempDir, [marker]: '1' },
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    detached: true,
    stdio: [
      options.stdinText !== undefined || options.keepStdinOpen ? 'pipe' : 'ignore',
      options.onStdout ? 'pipe' : 'ignore',
      'pipe',
      options.messages ? 'pipe' : 'ignore',
    ],
  });
  const pid = child.pid;
  liveGroups.set(marker, pid);
  child.stderr?.setEncoding('utf8').on('data', stderr.add);
  if (options.onStdout) child.stdout?.setEncoding('utf8').on('data', options.onStdout);
  // A program that dies before reading its stdin closes the pipe; that is its own failure.
  child.stdin?.on('error', () => {});
  if (!options.keepStdinOpen) child.stdin?.end(options.stdinText);
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
  return {
    child,
    pid,
    marker,
    stderr,
    closed,
    readMessages: (onLine) => {
      const messages = child.stdio[MESSAGE_FD] as Readable | null;
      if (messages) readLines({ stream: messages, onLine });
    },
    signalGroup: (signal) => killGroup({ pid, signal }),
    stop: () => {
      // Anything it left running (a server, a grandchild) goes with the group.
      killGroup({ pid, signal: 'SIGKILL' });
      // And anything that left the group.
      killStrayProcesses(marker);
      liveGroups.delete(marker);
    },
  };
}

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
  for (const [marker, pid] of liveGroups) {
    killGroup({ pid, signal: 'SIGKILL' });
    killStrayProcesses(marker);
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killLiveGroups);
}
