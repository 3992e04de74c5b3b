/**
 * Two grandchildren that show which signals reached them, in files the grader reads: one writes
 * `termFile` when SIGTERM reaches it and exits, the other ignores SIGTERM, so only SIGKILL ends
 * it. Each writes a file once its trap is set, so the grader presses Ctrl-C only when both can
 * tell. They start with an empty environment (`env -i`), without the variable by which the
 * engine's stray sweep finds a command's processes after the lab's code returns, and as orphans,
 * outside the shell's tree of children: only a signal to the process group reaches them, so
 * neither the sweep nor a walk of the shell's children can make up for a signal sent elsewhere.
 */
export interface SignalRecorders {
  /** The shell words that start both in the background; each ends with `&`. */
  command: string;
  /** The files, relative to the command's folder, that exist once both traps are set. */
  armedFiles: string[];
  /** The file the first writes when SIGTERM reaches it. */
  termFile: string;
}

/** The recorders for one command, their sleeps carrying `marker` so the grader can find them. */
export function createSignalRecorders({ marker }: { marker: string }): SignalRecorders {
  const name = marker.replace('.', '-');
  const armedFiles = [`armed-${name}-a`, `armed-${name}-b`];
  const termFile = `term-${name}`;
  // PATH alone, and not the command's environment: sleep is found, the sweep's variable is not.
  const clean = 'env -i PATH=/usr/bin:/bin /bin/sh -c';
  return {
    // Each is started from a subshell that exits at once, so it is an orphan: still in the group,
    // but no longer a descendant of the shell, and out of reach of a walk of the shell's children.
    command: [
      `(${clean} 'trap "echo term > ${termFile}; exit 0" TERM; echo > ${armedFiles[0]}; sleep ${marker}1 & wait' &);`,
      `(${clean} 'trap "" TERM; echo > ${armedFiles[1]}; sleep ${marker}2' &);`,
    ].join(' '),
    armedFiles,
    termFile,
  };
}
