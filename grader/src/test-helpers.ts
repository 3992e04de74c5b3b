import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { execa } from 'execa';
import { BROKEN_LABS } from './__fixtures__/broken-labs';
import { FAULT_LABS } from './__fixtures__/fault-labs';
import { applyFixtureLab } from './fixture-lab';
import type { FixtureLab } from './fixture-lab';
import { KIT_ROOT } from './beside-lab/kit-paths';

/** What `pnpm grade` runs: the compiled grader, compiled first when its sources changed. */
const GRADE_COMMAND = join(KIT_ROOT, 'grader', 'src', 'grade-command.mjs');

/** A temporary folder for a test file's labs, removed with `remove()`. */
export async function createLabFolder(): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'grader-test-'));
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** The broken or fault lab called `name`, from the tables in `__fixtures__/`. */
export function fixtureLab(name: string): FixtureLab {
  const lab = [...BROKEN_LABS, ...FAULT_LABS].find((candidate) => candidate.name === name);
  if (!lab) {
    throw new Error(
      `there is no fixture lab named ${name}; see grader/src/__fixtures__/broken-labs.ts and fault-labs.ts`,
    );
  }
  return lab;
}

/**
 * Copies a kit lab (the solution unless said otherwise) without its node_modules into `into`,
 * then turns it into the fixture `lab`, the way a student's broken edit would.
 */
export async function makeLab(options: {
  into: string;
  from?: string;
  lab?: FixtureLab;
}): Promise<string> {
  await mkdir(options.into, { recursive: true });
  await cp(join(KIT_ROOT, options.from ?? 'solutions/d3'), options.into, {
    recursive: true,
    filter: (path) => !['node_modules', '__snapshots__'].includes(basename(path)),
  });
  if (options.lab) await applyFixtureLab({ root: options.into, lab: options.lab });
  return options.into;
}

/** Where a grade runs: the folder pnpm runs it in, and where the person typed it. */
interface GradeWhere {
  /** The folder pnpm runs the script in: the kit's root unless said. */
  cwd?: string;
  /** Where the person typed the command (pnpm's INIT_CWD), when not in `cwd`. */
  typedIn?: string;
  /** Where the grade reads my-days.json and records last scores; a test's folder, never the kit's. */
  studentFilesRoot?: string;
}

/**
 * Runs `pnpm grade`'s main in this process, with the command line and folders a person's would
 * have, and returns what it printed as runGrader does (without the final newline). For a test of
 * what the grader decides and prints; runGrader for one of the grader's own process (its exit, a
 * lab that might hang it, what its checks leave behind).
 */
export async function gradeInProcess(args: string[], where: GradeWhere = {}) {
  // Imported here: most test files using these helpers never grade in process.
  const { main } = await import('./main');
  const printed = { stdout: '', stderr: '' };
  const cwd = where.cwd ?? KIT_ROOT;
  const exitCode = await main({
    args,
    cwd,
    studentFilesRoot: where.studentFilesRoot ?? tmpdir(),
    env: { NO_COLOR: '1', INIT_CWD: where.typedIn ?? cwd },
    output: {
      stdout: (text) => (printed.stdout += text),
      stderr: (text) => (printed.stderr += text),
    },
  });
  const trimmed = (text: string) => text.replace(/\n$/, '');
  return { exitCode, stdout: trimmed(printed.stdout), stderr: trimmed(printed.stderr) };
}

/** Runs `pnpm grade` as a person would and returns what it printed. */
export async function runGrader(
  args: string[],
  options: GradeWhere & {
    /** When the grader is stopped if it has not ended, for a lab that might hang it (4 min by default). */
    timeoutMs?: number;
  } = {},
) {
  const ended = await execa(process.execPath, [GRADE_COMMAND, ...args], {
    cwd: options.cwd ?? KIT_ROOT,
    env: { NO_COLOR: '1', INIT_CWD: options.typedIn ?? options.cwd ?? KIT_ROOT },
    reject: false,
    timeout: options.timeoutMs ?? 240_000,
  });
  return { exitCode: ended.exitCode, stdout: ended.stdout, stderr: ended.stderr };
}
