import type { CompiledKit } from './compiled/compile-grader.mjs';
import { compiledPathOf } from './compiled/compiled-path-of.mjs';
import { DRIVE_LAB_ENTRY } from './kit-paths';
import { labEnvironment } from './lab-environment';
import { startBoundedProcess, type StartedProcess } from './spawn-bounded';
import { gradeTempRoot } from './grade-temp-root';

/** The check process started ahead of its grade, and the entry it runs. */
let prestarted: { entry: string; started: StartedProcess } | undefined;

/**
 * Starts the first check process of a grade while the grader itself is still loading, so that its
 * own start (Node, then the grader's code and the kit's) overlaps the grader's: `pnpm grade` calls
 * this before it loads the rest of the grader (grade-command.mjs), and the grade's first check
 * process takes it over (runChecksInChild). It waits, as the unprivileged user, in the root folder,
 * for its task on stdin; it reads nothing else, and no lab code runs before the task names the lab
 * and moves it into the grade's scratch folder. A grade that never needs it (a mistyped command,
 * checks that run elsewhere) leaves it unused: it does not keep the grader running, and is killed
 * on the way out. This file imports little, so that it starts before the grader loads the rest.
 */
export function prestartCheckProcess(compiledKit: CompiledKit): StartedProcess | undefined {
  const entry = compiledPathOf({
    sourceRoot: compiledKit.kitRoot,
    outDir: compiledKit.outDir,
    file: DRIVE_LAB_ENTRY,
  });
  if (!entry || prestarted) return undefined;
  const started = startBoundedProcess({
    args: [entry],
    env: checkProcessEnvironment(),
    cwd: '/',
    tempDir: gradeTempRoot(),
    stdin: true,
    messages: true,
  });
  prestarted = { entry, started };
  return started;
}

/** The prestarted check process, once, if it runs this entry; one that cannot be used is ended. */
export function takePrestartedCheckProcess(entry: string): StartedProcess | undefined {
  const taken = prestarted;
  prestarted = undefined;
  if (!taken || taken.entry === entry) return taken?.started;
  // Started from a build that has since been replaced (a --watch regrade).
  taken.started.stop();
  return undefined;
}

/**
 * The check process's environment: a lab's (see labEnvironment), without colours (its messages
 * are plain text).
 */
export function checkProcessEnvironment(): NodeJS.ProcessEnv {
  return labEnvironment({ NO_COLOR: '1', FORCE_COLOR: '0' });
}
