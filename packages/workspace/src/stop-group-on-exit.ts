import { signalProcessGroup } from './process-group';
import { findStrayProcesses } from './stray-processes';

/** Commands still running: each one's process group and the variable its strays carry. */
const runningCommands = new Set<{ groupId: number; strayVariable: string }>();
let listening = false;

/**
 * Keeps a running command on a list that gets SIGKILL when this Node process exits, so that an
 * agent stopped in the middle of a command does not leave the command running: its process
 * group, and the strays that left the group (findStrayProcesses). Only synchronous work can run
 * at exit, hence SIGKILL without a grace period. Returns the function that takes the command off
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
  if (!listening) {
    listening = true;
    process.once('exit', () => {
      for (const running of runningCommands) {
        signalProcessGroup({ groupId: running.groupId, signal: 'SIGKILL' });
        for (const stray of findStrayProcesses(running.strayVariable)) {
          try {
            process.kill(stray, 'SIGKILL');
          } catch {
            // It ended meanwhile.
          }
        }
      }
    });
  }
  return () => runningCommands.delete(command);
}
