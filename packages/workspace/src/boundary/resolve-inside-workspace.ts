import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { findLoneSurrogate } from '../find-lone-surrogate';
import { MAX_NAME_BYTES } from '../limits';
import { describeFileError } from '../wording/describe-file-error';
import { checkWorkingDirectory } from './check-working-directory';
import { isInsideFolder } from './is-inside-folder';
import { unquotePath } from './unquote-path';

/** The longest path the system opens: PATH_MAX, 1024 bytes on macOS and 4096 on Linux. */
const MAX_PATH_BYTES = process.platform === 'darwin' ? 1024 : 4096;

/** Where a path the model gave lands, or why it may not be used. */
export type WorkspacePath =
  | {
      /** The path stays inside the working directory. */
      ok: true;
      /** The real path on disk, symbolic links resolved: the one to open. */
      absolutePath: string;
      /** The path relative to the working directory with '/' separators, '.' for the root itself. */
      relativePath: string;
      /** The working directory's real path, which an opened file is checked against (isOpenedAt). */
      realRoot: string;
    }
  | {
      /** The path is unusable. */
      ok: false;
      /** One sentence for the model: what was wrong and what to do instead. */
      error: string;
    };

/** A path the model gave and the working directory it must stay inside. */
export interface ResolveInsideWorkspaceOptions {
  /** The working directory. */
  cwd: string;
  /** The path as the model wrote it: relative to cwd, or absolute; a JSON-quoted name as glob prints it is accepted. */
  path: string;
}

/**
 * The one path-boundary check every tool shares. The test is where the path resolves to, never
 * what its text looks like: "a/../../b" climbs out without starting with "..", and a symbolic
 * link can lead out with no dots at all, so links are resolved (the root's too) before comparing.
 */
export async function resolveInsideWorkspace({
  cwd,
  path: given,
}: ResolveInsideWorkspaceOptions): Promise<WorkspacePath> {
  const requested = unquotePath(given);
  if (requested.includes('\0')) {
    return refuse(
      'the path contains a NUL byte; use a plain path relative to the working directory',
    );
  }
  const half = findLoneSurrogate(requested);
  if (half) {
    // Encoded for the system it becomes U+FFFD, which would name another file than the one asked for.
    return refuse(
      `the path holds half of a character (${half.writtenOut} at position ${half.index}), which no file name can hold; send the whole character, or a path without it`,
    );
  }
  if (requested.startsWith('~')) {
    return refuse(
      `${requested} starts with ~, which is not expanded here; use a path relative to the working directory`,
    );
  }
  const lexicalRoot = path.resolve(cwd);
  const lexicalPath = path.resolve(lexicalRoot, requested);
  if (!isInsideFolder({ folder: lexicalRoot, candidate: lexicalPath }))
    return refuseOutside(requested);
  // Longer paths or names make the system fail with an error that quotes the absolute path.
  const longestName = Math.max(
    ...lexicalPath.split(path.sep).map((name) => Buffer.byteLength(name)),
  );
  if (longestName > MAX_NAME_BYTES) {
    return refuse(
      `a name in the path is ${longestName} bytes long, more than the ${MAX_NAME_BYTES} a file system allows for one name; use a shorter name`,
    );
  }
  if (Buffer.byteLength(lexicalPath) > MAX_PATH_BYTES) return refuseTooLong(requested);

  const root = checkWorkingDirectory({ cwd: lexicalRoot });
  if (!root.ok) return root;
  const { realRoot } = root;
  let realPath: string | undefined;
  try {
    realPath = await realpathOfNearestExisting(lexicalPath);
  } catch (error) {
    return refusalForUnresolvable({ error, requested });
  }
  if (realPath === undefined) {
    return refuse(
      `${requested} is a symbolic link to something that does not exist; use a path to a real file inside the working directory`,
    );
  }
  if (!isInsideFolder({ folder: realRoot, candidate: realPath })) {
    return refuse(
      `${requested} leads outside the working directory through a symbolic link; use a path relative to the working directory that stays inside it`,
    );
  }
  const relativePath = path.relative(lexicalRoot, lexicalPath).split(path.sep).join('/');
  return { ok: true, absolutePath: realPath, relativePath: relativePath || '.', realRoot };
}

/**
 * The real path of `target`. A path that does not exist yet (a file about to be written) is
 * judged by its nearest existing ancestor, so a linked folder above it still counts. Undefined
 * for a dangling link: what it points at could be created outside later.
 */
async function realpathOfNearestExisting(target: string): Promise<string | undefined> {
  const missingNames: string[] = [];
  let current = target;
  for (;;) {
    try {
      return path.join(await realpath(current), ...missingNames);
    } catch (error) {
      if (!isMissing(error)) throw error;
      if (await existsAsEntry(current)) return undefined;
      const parent = path.dirname(current);
      if (parent === current) throw error;
      missingNames.unshift(path.basename(current));
      current = parent;
    }
  }
}

/** True when the entry itself exists even though following it fails: a dangling symbolic link. */
async function existsAsEntry(entryPath: string): Promise<boolean> {
  try {
    await lstat(entryPath);
    return true;
  } catch {
    return false;
  }
}

/**
 * A path the system cannot resolve. The system's own message would name the absolute path on this
 * machine and suggest nothing; the reasons the model can fix get a sentence of their own, the rest
 * describeFileError's.
 */
function refusalForUnresolvable({
  error,
  requested,
}: {
  error: unknown;
  requested: string;
}): WorkspacePath {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ELOOP') {
    return refuse(
      `${requested} goes round a loop of symbolic links; use a path to a real file inside the working directory`,
    );
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return refuse(
      `${requested} cannot be read: permission denied on the way there; use another path inside the working directory`,
    );
  }
  if (code === 'ENAMETOOLONG') return refuseTooLong(requested);
  return refuse(describeFileError({ error, path: requested, action: 'read' }));
}

function refuseTooLong(requested: string): WorkspacePath {
  // The path itself is not repeated: it can be a megabyte long.
  return refuse(
    `the path is ${requested.length} characters long, more than the file system allows; use a shorter path relative to the working directory`,
  );
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function refuseOutside(requested: string): WorkspacePath {
  return refuse(
    `${requested} is outside the working directory; use a path relative to the working directory that stays inside it`,
  );
}

function refuse(error: string): WorkspacePath {
  return { ok: false, error };
}
