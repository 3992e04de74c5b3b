// How the page tests run a page's commands: as a student's shell would, from a folder of the
// repository, without the test runner's environment, each distinct command once per test file (a
// Chinese page's identical commands reuse the English page's outcome).
import path from 'node:path';
import { execa } from 'execa';
import type { CommandOutcome, RunPageCommand } from './check-page-commands';
import { REPO_ROOT } from './repo-root';

/** A backstop against a hung command, not a speed check. */
export const COMMAND_TIME_LIMIT_MS = 15 * 60_000;

/** The environment of a student's shell: no test runner's variables, no colours. */
export function studentEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('VITEST') || key === 'NODE_ENV' || key.startsWith('TURBO_')) continue;
    environment[key] = value;
  }
  return { ...environment, FORCE_COLOR: '0', NO_COLOR: '1' };
}

/** A runner that runs each distinct command (folder and line) once and hands out its outcome after. */
export function createPageCommandRunner(): RunPageCommand {
  const outcomes = new Map<string, Promise<CommandOutcome>>();
  return ({ cwd, command }) => {
    const key = `${cwd}\0${command}`;
    let outcome = outcomes.get(key);
    if (!outcome) {
      const folder = path.resolve(REPO_ROOT, cwd);
      if (folder !== REPO_ROOT && !folder.startsWith(REPO_ROOT + path.sep)) {
        return Promise.reject(new Error(`page-test cwd=${cwd} is outside the repository`));
      }
      outcome = execa(command, {
        shell: true,
        cwd: folder,
        reject: false,
        all: true,
        extendEnv: false,
        env: studentEnvironment(),
        timeout: COMMAND_TIME_LIMIT_MS,
        stdin: 'ignore',
      }).then((result) => ({ exitCode: result.exitCode ?? -1, output: result.all ?? '' }));
      outcomes.set(key, outcome);
    }
    return outcome;
  };
}
