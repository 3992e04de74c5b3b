import { constants } from 'node:fs';
import { link, lstat, open, rename, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { openFolderInside } from './boundary/open-folder-inside';
import type { FolderRefusal } from './boundary/open-folder-inside';
import { oneWriteAtATime } from './one-write-at-a-time';
import { removeCreatedFolders } from './remove-created-folders';
import { removeLeftoverTemporaries } from './remove-leftover-temporaries';
import { temporaryNameFor } from './temporary-name';

/** What an atomic write needs. */
export interface WriteFileAtomicallyOptions {
  /** The file to replace or create: its real path, inside `realRoot` (resolveInsideWorkspace). */
  filePath: string;
  /** The working directory's real path: nothing is written outside it, whatever links appear. */
  realRoot: string;
  /** The new content, in consecutive pieces (so an edit can reuse the untouched bytes). */
  content: Uint8Array[];
  /**
   * Only create: a file already at the path is never replaced, even one that appears while the
   * content is being written (`exists` is then the reason). Missing folders are created, and
   * removed again when the create fails.
   */
  createOnly?: boolean;
  /**
   * Called when the new content is safely on disk, just before it replaces the file; a message
   * returned stops the write and is returned as the error. `currentPath` reaches the file now at
   * the name through the folder that was checked, so reading it never follows a swapped-in link
   * outside. An edit uses it to check, as late as it can, that nobody changed the file meanwhile.
   * It runs while this write holds the file (oneWriteAtATime), so it must not write the same file
   * with writeFileAtomically: that write would wait for this one forever.
   */
  beforeReplace?: (currentPath: string) => Promise<string | undefined>;
}

/**
 * Whether the file was written; `refused` when beforeReplace stopped it, `exists` when a create
 * found the name taken, `failed` on an error.
 */
export type WriteOutcome =
  { ok: true } | { ok: false; reason: 'refused' | 'exists' | 'failed'; error: string };

/**
 * Writes a file so that every reader sees either the old content or the new, never a mix: the
 * content goes to a temporary file in the same folder (a rename is atomic only within one file
 * system), is flushed to disk, gets the original file's permission bits, and then takes the
 * file's name in one rename. Any failure removes the temporary file and leaves the original as
 * it was; the temporary files of writers killed halfway are removed by the next write in their
 * folder (removeLeftoverTemporaries).
 *
 * The folder is opened and checked to be inside the working directory once, and every step goes
 * through that open folder (openFolderInside), so a folder swapped for a link to the outside
 * halfway through cannot redirect the write. A create publishes with a hard link instead of a
 * rename: link fails when the name exists, where rename would silently replace the file.
 *
 * One file is written by one write at a time (oneWriteAtATime): beforeReplace of a second write
 * runs after the first's rename, so it judges the file the first wrote.
 *
 * The replaced file keeps its owner, group and mode (as far as the writer may give them: see
 * keepOwner). A file with more than one name (hard links) is refused: see describeHardLinks.
 * Limits: extended attributes and ACLs are not copied, and the folder must be writable.
 */
export async function writeFileAtomically(
  options: WriteFileAtomicallyOptions,
): Promise<WriteOutcome> {
  return oneWriteAtATime({ filePath: options.filePath, write: () => writeNow(options) });
}

async function writeNow({
  filePath,
  realRoot,
  content,
  createOnly = false,
  beforeReplace,
}: WriteFileAtomicallyOptions): Promise<WriteOutcome> {
  const opened = await openFolderInside({
    realPath: path.dirname(filePath),
    realRoot,
    createMissing: createOnly,
  });
  if (!opened.ok)
    return { ok: false, reason: 'failed', error: describeFolderRefusal(opened.reason) };
  const { folder } = opened;
  const name = path.basename(filePath);
  const target = folder.entryPath(name);
  const temporary = folder.entryPath(temporaryNameFor({ name }));
  let handle: FileHandle | undefined;
  let written = false;
  let created = false;
  try {
    const existing = createOnly ? undefined : await lstatIfExists(target);
    if (existing?.isSymbolicLink()) {
      return { ok: false, reason: 'failed', error: describeFolderRefusal('changed') };
    }
    if (existing?.isFile() && existing.nlink > 1) {
      return { ok: false, reason: 'failed', error: describeHardLinks(existing.nlink) };
    }
    handle = await open(temporary, TEMPORARY_FLAGS, existing?.mode ?? 0o666);
    written = true;
    for (const piece of content) await handle.write(piece);
    await handle.sync();
    if (existing) {
      // Owner first: chown clears the set-user-id and set-group-id bits that chmod then restores.
      await keepOwner({ handle, owner: existing });
      // The mode given to open is narrowed by the umask; chmod sets the original's exactly.
      await handle.chmod(modeToKeep({ original: existing, written: await handle.stat() }));
    }
    await handle.close();
    handle = undefined;
    const refusal = await beforeReplace?.(target);
    if (refusal !== undefined) return { ok: false, reason: 'refused', error: refusal };
    if (createOnly) {
      const published = await publishNew({ temporary, target });
      created = published.ok;
      return published;
    }
    await rename(temporary, target);
    written = false;
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: 'failed', error: describeWriteError(error) };
  } finally {
    await handle?.close().catch(() => {});
    if (written) await unlink(temporary).catch(() => {});
    await removeLeftoverTemporaries({ folder });
    await folder.close();
    // A create that wrote nothing leaves no folders behind either: it said nothing was changed.
    if (createOnly && !created) await removeCreatedFolders({ folders: folder.created, realRoot });
  }
}

/** O_EXCL: the temporary name is new, never a file or link someone put there. */
const TEMPORARY_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;

/**
 * Gives the written temporary file its name only if the name is free. A hard link is the atomic
 * test-and-create: it fails with EEXIST instead of replacing what is there. On a file system
 * without hard links, the content is copied into a file opened with O_EXCL, which is as safe
 * against clobbering, though a reader may then see the new file before it is complete.
 */
async function publishNew({
  temporary,
  target,
}: {
  temporary: string;
  target: string;
}): Promise<WriteOutcome> {
  try {
    await link(temporary, target);
    return { ok: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return { ok: false, reason: 'exists', error: 'the file already exists' };
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EMLINK') {
      throw error;
    }
  }
  const source = await open(temporary, 'r');
  let copy: FileHandle | undefined;
  try {
    copy = await open(target, TEMPORARY_FLAGS | constants.O_NOFOLLOW, (await source.stat()).mode);
    for await (const chunk of source.createReadStream({ autoClose: false })) {
      await copy.write(chunk as Buffer);
    }
    await copy.sync();
    return { ok: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return { ok: false, reason: 'exists', error: 'the file already exists' };
    }
    throw error;
  } finally {
    await copy?.close();
    await source.close();
  }
}

/**
 * Gives the new file the replaced file's owner and group. The temporary file belongs to whoever
 * writes it, so an agent running as root (Docker, CI, a grader) would otherwise hand a user's file
 * to root, and the user could no longer change it. Only root may give a file to another user; any
 * other writer may still keep a group it belongs to, and otherwise the file becomes its own (EPERM,
 * or a file system without owners, is not a reason to refuse an edit that is otherwise sound).
 */
async function keepOwner({
  handle,
  owner,
}: {
  handle: FileHandle;
  owner: { uid: number; gid: number };
}): Promise<void> {
  try {
    await handle.chown(owner.uid, owner.gid);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EINVAL' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') {
      throw error;
    }
  }
}

/**
 * The replaced file's permission bits, less a set-user-id or set-group-id bit whose owner or group
 * could not be kept: a program marked so runs as its owner, and the writer must not become the one
 * it runs as. The kernel clears those bits for the same reason when someone else writes to a file.
 */
function modeToKeep({
  original,
  written,
}: {
  original: { mode: number; uid: number; gid: number };
  written: { uid: number; gid: number };
}): number {
  let mode = original.mode & 0o7777;
  if (written.uid !== original.uid) mode &= ~0o4000;
  if (written.gid !== original.gid) mode &= ~0o2000;
  return mode;
}

async function lstatIfExists(filePath: string) {
  try {
    return await lstat(filePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Why the folder could not be written into, in words without the machine's absolute paths. */
function describeFolderRefusal(reason: FolderRefusal): string {
  const why: Record<FolderRefusal, string> = {
    missing: 'its folder does not exist',
    'not-a-folder': 'a file stands where a folder is needed',
    'not-permitted': 'permission was denied in its folder',
    changed:
      'its folder or the file changed while it was being written (moved, or replaced by a symbolic link)',
  };
  return `the file could not be written because ${why[reason]}; nothing was changed`;
}

/**
 * A file with several names (hard links) is refused rather than written. The rename that makes a
 * write atomic gives the new content to this name only: every other name would silently keep the
 * old content, the opposite of what whoever linked them wanted. Writing in place instead would
 * keep the link but lose atomicity (a reader, or a crash, could see half a file) and would reach
 * every name, wanted or not: pnpm links node_modules files to one store shared by every project on
 * the machine, so an in-place edit of a dependency would change it everywhere. Neither surprise is
 * the model's to choose, so the person is asked.
 */
function describeHardLinks(names: number): string {
  return `the file could not be written because it has ${names} names (hard links), and an edit would change it under this name only; nothing was changed; ask the user whether it should be changed under every name, with a command that writes in place, or under this one only, after copying it`;
}

/** A write failure in words, without the machine's absolute paths. */
function describeWriteError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const why: Record<string, string> = {
    EACCES: 'permission was denied in its folder',
    EPERM: 'the operation is not permitted there',
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EROFS: 'the file system is read-only',
    EISDIR: 'a folder has that name',
    ENOTEMPTY: 'a folder has that name',
  };
  return `the file could not be written because ${why[code ?? ''] ?? `of an error (${code ?? 'unknown'})`}; nothing was changed`;
}
