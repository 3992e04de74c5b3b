import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Variables a person may have set that would change what a day's command line does. */
const INHERITED_SETTINGS = ['INJECT', 'SELFTEST', 'RECORD', 'REPLAY', 'STREAM', 'FORCE_COLOR'];

/** How a command-line run ended. */
export interface MainRun {
  /** The exit code. */
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * For tests: runs a day's `main.ts` as a person would, in a real Node process under tsx, with
 * plain output and none of the caller's command-line settings unless `env` sets them. Never
 * rejects: a non-zero exit is part of the result.
 */
export async function runMain(options: {
  /** The absolute path of the `main.ts` to run. */
  main: string;
  /** The arguments after `pnpm start`. */
  args?: string[];
  /** Variables to set on top of the process's own. */
  env?: Record<string, string>;
  /** The folder the process starts in. */
  cwd: string;
  /** Written to its stdin, which is then closed. */
  stdin?: string;
}): Promise<MainRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const name of INHERITED_SETTINGS) delete env[name];
  Object.assign(env, options.env);
  const args = ['--import', import.meta.resolve('tsx'), options.main, ...(options.args ?? [])];
  try {
    const running = run(process.execPath, args, { env, cwd: options.cwd });
    running.child.stdin?.end(options.stdin);
    const { stdout, stderr } = await running;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
