import { constants, existsSync } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isInsideFolder } from './is-inside-folder';
import { isOpenedAt } from './is-opened-at';
import { openInside } from './open-inside';

/**
 * Linux shows each open descriptor as a folder link in /proc/self/fd, and a path through it is
 * resolved from the folder that was opened, whatever its name leads to now: the openat of a
 * language that has none. Elsewhere (macOS) names are used, checked after each open.
 */
const THROUGH_DESCRIPTOR = existsSync('/proc/self/fd');

/** A folder inside the working directory, held open so that writes land in it and nowhere else. */
export interface FolderInside {
  /** The folder's real path when it was opened. */
  realPath: string;
  /** A path that reaches `name` in this folder, not in whatever the folder's name leads to now. */
  entryPath: (name: string) => string;
  /** Closes the folder. */
  close: () => Promise<void>;
  /** The real paths of the folders this call made (createMissing), outermost first. */
  created: string[];
}

/** Why a folder could not be opened as the one inside. */
export type FolderRefusal = 'missing' | 'not-a-folder' | 'not-permitted' | 'changed';

/** What openFolderInside needs. */
export interface OpenFolderInsideOptions {
  /** The folder's real path (resolveInsideWorkspace's answer for it), inside `realRoot`. */
  realPath: string;
  /** The working directory's real path. */
  realRoot: string;
  /** Create missing folders on the way, one at a time, each inside the one before. */
  createMissing?: boolean;
}

/**
 * Opens a folder inside the working directory for writing into. Checking a path and then writing
 * to it by name leaves a gap: a folder on the way can be swapped for a symbolic link to the
 * outside in between, and the write, or a `mkdir -p`, lands outside. So the nearest folder that
 * exists is opened and checked (openInside), and each missing folder is made and opened through
 * the descriptor of the one above it, never through its name.
 */
export async function openFolderInside({
  realPath,
  realRoot,
  createMissing = false,
}: OpenFolderInsideOptions): Promise<
  { ok: true; folder: FolderInside } | { ok: false; reason: FolderRefusal }
> {
  if (!isInsideFolder({ folder: realRoot, candidate: realPath })) {
    return { ok: false, reason: 'changed' };
  }
  const missingNames: string[] = [];
  let existing = realPath;
  for (;;) {
    const opened = await openInside({ realPath: existing, realRoot });
    if (opened.ok) {
      const folder = await descend({
        handle: opened.handle,
        realPath: existing,
        realRoot,
        names: missingNames,
      });
      return folder;
    }
    if (opened.reason !== 'missing' || !createMissing || existing === realRoot) {
      return { ok: false, reason: opened.reason === 'not-a-file' ? 'not-a-folder' : opened.reason };
    }
    missingNames.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
}

/** From an opened folder, makes and opens each of `names` in turn, each through the one above. */
async function descend({
  handle,
  realPath,
  realRoot,
  names,
}: {
  handle: FileHandle;
  realPath: string;
  realRoot: string;
  names: string[];
}): Promise<{ ok: true; folder: FolderInside } | { ok: false; reason: FolderRefusal }> {
  let current = { handle, realPath };
  const created: string[] = [];
  for (const name of names) {
    const child = path.join(current.realPath, name);
    const childPath = entryPathOf({ ...current, name });
    try {
      await mkdir(childPath);
      created.push(child);
    } catch (error) {
      // Made by someone else meanwhile: fine, it is checked like any other folder below.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        await closeFolder(current.handle);
        return { ok: false, reason: folderReason(error) };
      }
    }
    let next: FileHandle;
    try {
      next = await open(childPath, FOLDER_FLAGS);
    } catch (error) {
      await closeFolder(current.handle);
      return { ok: false, reason: folderReason(error) };
    }
    await closeFolder(current.handle);
    current = { handle: next, realPath: child };
  }
  if (!(await isFolder(current.handle))) {
    await closeFolder(current.handle);
    return { ok: false, reason: 'not-a-folder' };
  }
  // Through names (macOS) every step needs the check; through descriptors it costs nothing.
  if (!isOpenedAt({ descriptor: current.handle.fd, expectedPath: current.realPath, realRoot })) {
    await closeFolder(current.handle);
    return { ok: false, reason: 'changed' };
  }
  const { handle: opened, realPath: openedPath } = current;
  return {
    ok: true,
    folder: {
      realPath: openedPath,
      entryPath: (name) => entryPathOf({ handle: opened, realPath: openedPath, name }),
      close: () => closeFolder(opened),
      created,
    },
  };
}

/** O_NOFOLLOW: a folder name that has become a symbolic link is refused, not followed. */
const FOLDER_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

function entryPathOf({
  handle,
  realPath,
  name,
}: {
  handle: FileHandle;
  realPath: string;
  name: string;
}): string {
  return THROUGH_DESCRIPTOR ? `/proc/self/fd/${handle.fd}/${name}` : path.join(realPath, name);
}

async function isFolder(handle: FileHandle): Promise<boolean> {
  try {
    return (await handle.stat()).isDirectory();
  } catch {
    return false;
  }
}

function folderReason(error: unknown): FolderRefusal {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'missing';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'not-a-folder';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'not-permitted';
  return 'changed';
}

/**
 * Closes a folder opened only to reach names in it: it has nothing to flush, so a close the
 * system fails (EIO on a network file system) loses nothing and is not worth an answer.
 */
async function closeFolder(handle: FileHandle): Promise<void> {
  await handle.close().catch(() => {});
}
