import { killStrayProcesses } from './stray-processes';

/** Commands still running: each one's process group and the variable its strays carry. */
const runningCommands = new Set<{ groupId: number; strayVariable: string }>();
let listening = false;

/**
 * Keeps a running command on a list that gets SIGKILL when this Node process exits, so that an
 * agent stopped in the middle of a command does not leave the command running: its process
 * group, and the strays that left the group (findStrayProcesses). The same happens when this
 * process is ended by SIGTERM or SIGHUP. Only synchronous work can run at exit, hence SIGKILL
 * without a grace period. Returns the function that takes the command off
 * the list once it has been stopped or has ended.
 */
export function stopGroupOnExit({
  groupId,
  strayVariable,
}: {
  groupId: number;
  strayVariable: string;
}): () => void {
  const command = { groupId, strayVariable };
  runningCommands.add(command);
  listenForEndOnce();
  return () => runningCommands.delete(command);
}

/**
 * Takes over SIGTERM, SIGHUP and exit for stopGroupOnExit, once per process. Call it before
 * starting a command, too: until a listener is installed a signal ends Node at once, and one that
 * came between the command's start and its stopGroupOnExit would leave the command running. Once
 * installed, a signal's listener runs only after the code that started the command has put it on
 * the list.
 */
export function listenForEndOnce(): void {
  if (listening) return;
  listening = true;
  process.once('exit', stopAll);
  for (const signal of ENDING_SIGNALS) listenForEnd(signal);
}

/**
 * Signals that end Node without its 'exit' event: `kill` (SIGTERM) and a terminal closing (SIGHUP).
 * The command runs in a session of its own, so neither reaches it by itself.
 */
const ENDING_SIGNALS = ['SIGTERM', 'SIGHUP'] as const;

/**
 * Stops every running command when `signal` arrives. Listening replaces Node's default of ending
 * at once, so when nobody else listens, the listener steps aside and sends the signal again:
 * the process still ends by it, as its parent expects. Another listener keeps the decision.
 */
function listenForEnd(signal: (typeof ENDING_SIGNALS)[number]): void {
  const onSignal = () => {
    stopAll();
    if (process.listenerCount(signal) === 1) {
      process.off(signal, onSignal);
      process.kill(process.pid, signal);
    }
  };
  process.on(signal, onSignal);
}

function stopAll(): void {
  for (const running of runningCommands) {
    try {
      process.kill(-running.groupId, 'SIGKILL');
    } catch {
      // The group has gone already.
    }
    killStrayProcesses(running.strayVariable);
  }
}
