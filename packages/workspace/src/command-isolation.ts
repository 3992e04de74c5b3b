import { execFile } from 'node:child_process';
import { KILL_GRACE_MS } from './limits';

/**
 * Withholding credentials from a command's environment is not enough on its own: the agent's own
 * process, and every process that started it (pnpm, the person's shell), hold them in theirs, and
 * on Linux a process of the same user reads another's at /proc/<pid>/environ. So where the system
 * allows it, a command runs in a PID namespace of its own, with a /proc of its own: it sees only
 * its own processes, and whatever it leaves running ends with it, however it left the process
 * group (the kernel ends a namespace's processes when its first one exits). It stays in the
 * person's files, network and user: only the processes are separate.
 *
 * `unshare` (util-linux, on every Debian and Ubuntu system) makes the namespaces: a user namespace
 * (so no privilege is needed, and a command cannot be more than the person is), a PID namespace,
 * and a mount namespace for the new /proc. Under it, `setpriv` empties the capability bounding set,
 * so a command run as root cannot unmount that /proc to see the one beneath it. Where any of this
 * is refused (macOS, Docker's default seccomp profile, Ubuntu's AppArmor rule for unprivileged user
 * namespaces), commands run as before, and the first one's result says what that means.
 */

/** Whether commands run isolated, and if not, why not, in words for a person. */
export type CommandIsolation = { isolated: true } | { isolated: false; reason: string };

/** Set to `0`, commands run without isolation: the grader's checks of day 4 do (see the page). */
export const ISOLATE_VARIABLE = 'ISOLATE';

/** Where the model's command reaches the namespace's first process: never seen by the command. */
export const ISOLATED_COMMAND_VARIABLE = 'AGENT_COURSE_ISOLATED_COMMAND';

/**
 * Where that process leaves a file when the command left processes running, which the kernel
 * then ended: the only way word of them gets out of the namespace.
 */
export const LEFTOVERS_FILE_VARIABLE = 'AGENT_COURSE_LEFTOVERS_FILE';

/** How long the one-time trial of the namespaces may take before it counts as refused. */
const PROBE_TIMEOUT_MS = 10_000;

/** How often the namespace's first process looks again whether leftovers have gone. */
const LEFTOVERS_POLL_SECONDS = 0.05;

/**
 * The namespace's first process, in sh. The first process of a PID namespace receives from
 * outside only the signals it has a handler for, so the command's shell is not it: this one runs
 * the shell as its child, so a time-out's SIGTERM to the process group reaches the shell as it
 * would anywhere. Its own stderr goes nowhere (a shell reports a child ended by a signal there,
 * which the command did not print); the command's goes where it always did, through descriptor 3,
 * redirected in a subshell so that this process's own stays nowhere while it waits.
 *
 * When the shell has exited, any process still alive (not a zombie) in the namespace was left
 * running by the command, or is still cleaning up after a time-out's SIGTERM. They are stopped as
 * a group is: SIGTERM and SIGCONT to all of them (`kill -1` from the first process), up to
 * KILL_GRACE_MS to go, and then this process exits, with which the kernel kills what is left. The
 * file tells the agent there were some. The exit code is the shell's; a shell ended by a signal N
 * gives 128 + N, as `$?` shows it. (It holds no single quote: ISOLATING_COMMAND quotes it whole.
 * Nothing in it is a special builtin whose failure would end it early.)
 */
const FIRST_PROCESS_SCRIPT = [
  `command=$${ISOLATED_COMMAND_VARIABLE} leftovers=$${LEFTOVERS_FILE_VARIABLE}`,
  `unset ${ISOLATED_COMMAND_VARIABLE} ${LEFTOVERS_FILE_VARIABLE}`,
  'exec 3>&2 2>/dev/null',
  '(exec /bin/sh -c "$command" 2>&3 3>&-)',
  'status=$?',
  'alive() {',
  '  for entry in /proc/[0-9]*; do',
  '    [ "$entry" = /proc/1 ] && continue',
  '    read -r stat < "$entry/stat" || continue',
  '    case ${stat##*) } in Z* | X*) ;; *) return 0 ;; esac',
  '  done',
  '  return 1',
  '}',
  'if alive; then',
  '  true > "$leftovers"',
  '  kill -TERM -1',
  '  kill -CONT -1',
  '  polls=0',
  `  while alive && [ "$polls" -lt ${Math.ceil(KILL_GRACE_MS / 1000 / LEFTOVERS_POLL_SECONDS)} ]; do`,
  `    sleep ${LEFTOVERS_POLL_SECONDS}`,
  '    polls=$((polls + 1))',
  '  done',
  'fi',
  'exit "$status"',
].join('\n');

/** What starts the namespaces and, in them, FIRST_PROCESS_SCRIPT: a command for /bin/sh -c. */
export const ISOLATING_COMMAND = [
  'exec unshare --user --map-current-user --pid --fork --mount-proc --kill-child',
  '-- setpriv --bounding-set=-all --inh-caps=-all',
  `-- /bin/sh -c '${FIRST_PROCESS_SCRIPT}' agent-course-namespace`,
].join(' ');

let probe: Promise<CommandIsolation> | undefined;

/**
 * Whether this system lets commands run isolated: tried once per process, by running `exit 0` the
 * way a command would run, unless `ISOLATE=0` turns it off.
 */
export function commandIsolation(
  environment: NodeJS.ProcessEnv = process.env,
): Promise<CommandIsolation> {
  if (environment[ISOLATE_VARIABLE] === '0')
    return Promise.resolve({ isolated: false, reason: `${ISOLATE_VARIABLE}=0 is set` });
  if (process.platform !== 'linux')
    return Promise.resolve({
      isolated: false,
      reason: `PID namespaces are Linux's, and this is ${process.platform}`,
    });
  return (probe ??= tryIsolating());
}

function tryIsolating(): Promise<CommandIsolation> {
  return new Promise((resolve) => {
    execFile(
      '/bin/sh',
      ['-c', ISOLATING_COMMAND],
      {
        env: { PATH: process.env.PATH, [ISOLATED_COMMAND_VARIABLE]: 'exit 0' },
        timeout: PROBE_TIMEOUT_MS,
      },
      (error, _stdout, stderr) => {
        if (!error) return resolve({ isolated: true });
        const said = stderr.trim().split('\n')[0] ?? '';
        resolve({
          isolated: false,
          reason:
            said.includes('not found') || (error as NodeJS.ErrnoException).code === 'ENOENT'
              ? 'unshare and setpriv (util-linux) are not installed'
              : `this system refuses the namespaces${said ? ` (${said})` : ''}`,
        });
      },
    );
  });
}
