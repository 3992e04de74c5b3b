import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkCommand } from './check-command';
import { commandEnvironment } from './command-environment';
import {
  ISOLATED_COMMAND_VARIABLE,
  ISOLATING_COMMAND,
  LEFTOVERS_FILE_VARIABLE,
  commandIsolation,
} from './command-isolation';
import { listenForEndOnce } from './stop-group-on-exit';
import { strayMarkerVariable } from './stray-processes';

/** A command that may be started, and what to start it with. */
export interface PreparedCommand {
  ok: true;
  /**
   * What to give `/bin/sh -c`: the model's command, or where commands run isolated, what starts
   * the namespaces and runs the model's command inside them (see command-isolation.ts).
   */
  command: string;
  /**
   * The whole environment to give the command (not to add to this process's): this process's,
   * without the credentials in it (commandEnvironment), plus `strayVariable`.
   */
  env: NodeJS.ProcessEnv;
  /**
   * The variable every process of the command inherits, even one that leaves its group: what
   * stopGroupOnExit and stopStrayProcesses look for.
   */
  strayVariable: string;
  /**
   * Where commands cannot run isolated, a sentence saying so for the first command of this
   * process, to put after its result; otherwise undefined.
   */
  notice?: string;
  /**
   * Once the command has ended: whether processes it left running were ended with its
   * namespace. Always false where commands do not run isolated.
   */
  endedInNamespace: () => Promise<boolean>;
  /** Whether it runs in namespaces of its own: nothing it starts can outlive it there. */
  isolated: boolean;
}

/** The command may start with what it holds, or why it must not start at all. */
export type CommandPreparation = PreparedCommand | { ok: false; error: string };

/** Whether this process has said yet that its commands are not isolated. */
let toldNotIsolated = false;

/**
 * Everything a command needs before it starts, except starting it: the checks (a time limit in
 * range, a command a shell can take, a folder that exists, a system with process groups), the
 * environment without the agent's credentials, the namespaces where the system allows them, and
 * a marker variable for its strays. It also has this process take over SIGTERM and SIGHUP
 * (listenForEndOnce) before the command exists, so no signal can end the agent between the start
 * and stopGroupOnExit and leave the command running.
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
  const env = { ...commandEnvironment().env, [strayVariable]: '1' };
  const isolation = await commandIsolation();
  listenForEndOnce();
  if (!isolation.isolated) {
    const notice = toldNotIsolated
      ? undefined
      : `commands are not isolated here (${isolation.reason}): a command can read whatever you can, the agent's own environment included (/proc/<pid>/environ); only variables that look like credentials are kept from its environment, and a process it starts in a session of its own with a cleared environment can outlive it (a result names such a process as still running)`;
    toldNotIsolated = true;
    return {
      ok: true,
      command,
      env,
      strayVariable,
      ...(notice === undefined ? {} : { notice }),
      endedInNamespace: () => Promise.resolve(false),
      isolated: false,
    };
  }
  const leftoversFile = path.join(
    tmpdir(),
    `agent-course-leftovers-${randomBytes(8).toString('hex')}`,
  );
  return {
    ok: true,
    command: ISOLATING_COMMAND,
    env: { ...env, [ISOLATED_COMMAND_VARIABLE]: command, [LEFTOVERS_FILE_VARIABLE]: leftoversFile },
    strayVariable,
    isolated: true,
    // The file is there only if the namespace's first process left it; removing it answers both.
    endedInNamespace: () =>
      rm(leftoversFile).then(
        () => true,
        () => false,
      ),
  };
}
