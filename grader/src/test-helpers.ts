import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { execa } from 'execa';
import { KIT_ROOT, TSX_LOADER_URL } from './kit-paths';

/** Folders of broken and faulty lab files, each overlaid on a copy of the solution. */
export const FIXTURES = join(KIT_ROOT, 'grader', 'src', '__fixtures__');
const MAIN = join(KIT_ROOT, 'grader', 'src', 'main.ts');

/** A temporary folder for a test file's labs, removed with `remove()`. */
export async function createLabFolder(): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'grader-test-'));
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * Copies a kit lab (the solution unless said otherwise) without its node_modules into `into`,
 * then writes the fixture's files over it, the way a student's broken edit would.
 */
export async function makeLab(options: {
  into: string;
  from?: string;
  overlay?: string;
}): Promise<string> {
  await mkdir(options.into, { recursive: true });
  await cp(join(KIT_ROOT, options.from ?? 'solutions/d3'), options.into, {
    recursive: true,
    filter: (path) => !['node_modules', '__snapshots__'].includes(basename(path)),
  });
  if (options.overlay) await cp(join(FIXTURES, options.overlay), options.into, { recursive: true });
  return options.into;
}

/** Runs `pnpm grade` as a person would and returns what it printed. */
export async function runGrader(args: string[], options: { cwd?: string } = {}) {
  const ended = await execa(process.execPath, ['--import', TSX_LOADER_URL, MAIN, ...args], {
    cwd: options.cwd ?? KIT_ROOT,
    env: { NO_COLOR: '1', INIT_CWD: options.cwd ?? KIT_ROOT },
    reject: false,
    timeout: 120_000,
  });
  return { exitCode: ended.exitCode, stdout: ended.stdout, stderr: ended.stderr };
}
