import { checkCommand } from './check-command';
import { commandEnvironment } from './command-environment';
import { listenForEndOnce } from './stop-group-on-exit';
import { strayMarkerVariable } from './stray-processes';

/** A command that may be started, and what to start it with. */
export interface PreparedCommand {
  ok: true;
  /**
   * The whole environment to give the command (not to add to this process's): this process's,
   * without WITHHELD_VARIABLES, plus `strayVariable`.
   */
  env: NodeJS.ProcessEnv;
  /**
   * The variable every process of the command inherits, even one that leaves its group: what
   * stopGroupOnExit and stopStrayProcesses look for.
   */
  strayVariable: string;
}

/** The command may start with what it holds, or why it must not start at all. */
export type CommandPreparation = PreparedCommand | { ok: false; error: string };

/**
 * Everything a command needs before it starts, except starting it: the checks (a time limit in
 * range, a command a shell can take, a folder that exists, a system with process groups), the
 * environment without the agent's model key, and a marker variable for its strays. It also has
 * this process take over SIGTERM and SIGHUP (listenForEndOnce) before the command exists, so no
 * signal can end the agent between the start and stopGroupOnExit and leave the command running.
 */
export async function prepareCommand({
  command,
  cwd,
  timeoutMs,
}: {
  command: string;
  cwd: string;
  timeoutMs: number;
}): Promise<CommandPreparation> {
  const refusal = await checkCommand({ command, cwd, timeoutMs });
  if (refusal !== undefined) return { ok: false, error: refusal };
  const strayVariable = strayMarkerVariable();
  listenForEndOnce();
  return { ok: true, env: { ...commandEnvironment(), [strayVariable]: '1' }, strayVariable };
}
