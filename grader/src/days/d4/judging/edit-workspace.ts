import { constants, existsSync } from 'node:fs';
import { mkdir, open, readlink, realpath, stat, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Drive } from '../../../judging/check';
import { LabThrew } from '../../../process-control/check-process';
import { readAnswer } from '../../../judging/read-answer';
import type { FirstThrow, VariantJudging } from './create-variant-check';
import { ToolCallSeen } from '../beside-lab/observations';

/** A tool's result, as the check process told it, or as a failed result saying what went wrong. */
export interface SeenResult {
  ok: boolean;
  content: string;
  meta?: Record<string, unknown>;
  /** How long the content was: a long one reaches the grader as its two ends. */
  chars: number;
}

/** The largest file the grader reads back from a workspace. */
const MAX_READ_BACK_BYTES = 16 * 1024 * 1024;

/**
 * The grader's side of a workspace for one check: `files` written in a `workspace` folder of the
 * variant's, out of the lab's reach, then handed to the user the lab's code runs as, who must be
 * able to change them (beside-lab/call-tool.ts keeps the ledger and calls the tools). The grader
 * reads and changes them on disk, never as the check process reports them.
 */
export async function createEditWorkspace({
  prepare,
  files,
}: {
  /** The variant's folder maker (see VariantJudging.prepare). */
  prepare: VariantJudging<unknown>['prepare'];
  files: Record<string, string>;
}) {
  const folder = await prepare(async (staged) => {
    for (const [file, content] of Object.entries(files)) {
      await mkdir(dirname(join(staged, 'workspace', file)), { recursive: true });
      await writeFile(join(staged, 'workspace', file), content);
    }
    await mkdir(join(staged, 'workspace'), { recursive: true });
  });
  const root = join(folder, 'workspace');
  const realRoot = await realpath(root);
  return {
    /** The workspace's folder, where the tools run. */
    root,
    bytes: (file: string) => readBack({ realRoot, file }),
    /** Saves new content into the file, as a person's editor would. */
    write: (file: string, content: string) =>
      onDisk(() =>
        withFileInside({ realRoot, file, flags: constants.O_WRONLY }, async (handle) => {
          await handle.truncate(0);
          await handle.writeFile(content);
        }),
      ),
    /** Moves the file's modification time, leaving its content. */
    touch: (file: string, time: Date) =>
      onDisk(() =>
        withFileInside({ realRoot, file, flags: constants.O_RDONLY }, (handle) =>
          handle.utimes(time, time),
        ),
      ),
  };
}

/** One edit_file step on the workspace at `root` (see beside-lab/edit-file-operations.ts). */
export function driveEdit({
  drive,
  root,
  args,
  throws,
}: {
  drive: Drive;
  root: string;
  args: Record<string, unknown>;
  throws: FirstThrow;
}): Promise<SeenResult> {
  return driveTool({ drive, operation: 'edit', input: { root, args }, tool: 'edit_file', throws });
}

/**
 * One step of a tool of the lab's, in the check process: what it answered, as a result. A throw is
 * a failed result saying so, and is noted in `throws`, so the check's failure can say where; a
 * value that is not a result is a failed result quoting it.
 */
export async function driveTool({
  drive,
  operation,
  input,
  tool,
  throws,
}: {
  drive: Drive;
  /** The driving part's operation, and its input. */
  operation: string;
  input: unknown;
  /** The tool the step calls, as a report names it: `edit_file`. */
  tool: string;
  throws: FirstThrow;
}): Promise<SeenResult> {
  const seen = readAnswer({
    answer: await drive(operation, input),
    schema: ToolCallSeen,
    what: `${tool}'s result`,
  });
  if (seen.kind === 'result') {
    const { result, cutChars = 0 } = seen;
    return { ...result, chars: result.content.length + cutChars };
  }
  throws.first ??= seen.kind === 'threw' ? seen.thrown : undefined;
  const content =
    seen.kind === 'threw'
      ? `(${seen.thrown.tool} threw: ${seen.thrown.message})`
      : `(${seen.tool} returned ${seen.returned}, not a result)`;
  return { ok: false, content, chars: content.length };
}

/** A result as one line of a transcript. */
export function describeResult(result: { ok: boolean; content: string }): string {
  const first = result.content.split('\n', 1)[0] ?? '';
  return `${result.ok ? 'ok' : 'failed'}: ${first.length > 160 ? `${first.slice(0, 160)}…` : first}`;
}

/**
 * A file of the folder whose real path is `realRoot` (a workspace, a sandbox), read whole from
 * disk by the grader: not as the check process reports it.
 */
export function readBack({ realRoot, file }: { realRoot: string; file: string }): Promise<Buffer> {
  return onDisk(() =>
    withFileInside({ realRoot, file, flags: constants.O_RDONLY }, async (handle) => {
      const { size } = await handle.stat();
      if (size > MAX_READ_BACK_BYTES) {
        throw new Error(`${file} holds ${size} bytes, more than the grader reads back`);
      }
      return handle.readFile();
    }),
  );
}

/**
 * Runs `use` on the regular file `file` of the workspace, opened as itself: the grader may run as
 * root, and the lab's code may have put a link where the file was, or swapped a folder on its way
 * for one, to have the grader read or write what only root may. A symbolic link is not followed,
 * and what was opened must be the file at that path inside the workspace (Linux says where an open
 * descriptor points). A named pipe is opened without waiting and refused.
 */
async function withFileInside<Value>(
  { realRoot, file, flags }: { realRoot: string; file: string; flags: number },
  use: (handle: FileHandle) => Promise<Value>,
): Promise<Value> {
  const path = join(realRoot, file);
  const handle = await open(path, flags | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile() || !(await isOpenedAt({ handle, path }))) {
      throw new Error(`${file} is no longer a file inside the workspace`);
    }
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/** Whether an open file is the one at `path` (a real path): no folder on its way was a link. */
async function isOpenedAt({ handle, path }: { handle: FileHandle; path: string }) {
  if (existsSync('/proc/self/fd')) return (await readlink(`/proc/self/fd/${handle.fd}`)) === path;
  const [opened, named] = await Promise.all([handle.stat(), stat(path)]);
  return opened.dev === named.dev && opened.ino === named.ino && (await realpath(path)) === path;
}

/**
 * The grader's own step on the workspace's files. A file the lab's code removed or replaced fails
 * the check as a throw would, as it did when the check process read the files.
 */
async function onDisk<Value>(step: () => Promise<Value>): Promise<Value> {
  try {
    return await step();
  } catch (error) {
    throw new LabThrew({ message: error instanceof Error ? error.message : String(error) });
  }
}
