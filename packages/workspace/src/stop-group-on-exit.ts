import { signalProcessGroup } from './process-group';

/** Process groups of commands still running, killed if this process exits first. */
const runningGroups = new Set<number>();
let listening = false;

/**
 * Keeps a command's process group on a list that gets SIGKILL when this Node process exits, so
 * that an agent stopped in the middle of a command does not leave the command running. Only
 * synchronous work can run at exit, hence SIGKILL without a grace period. Returns the function
 * that takes the group off the list once it has been stopped or has ended.
 */
export function stopGroupOnExit(groupId: number): () => void {
  runningGroups.add(groupId);
  if (!listening) {
    listening = true;
    process.once('exit', () => {
      for (const group of runningGroups) signalProcessGroup({ groupId: group, signal: 'SIGKILL' });
    });
  }
  return () => runningGroups.delete(groupId);
}
