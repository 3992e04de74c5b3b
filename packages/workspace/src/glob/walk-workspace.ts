import { isUtf8 } from 'node:buffer';
import { closeSync, constants, openSync, readdirSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { checkWorkingDirectory } from '../boundary/check-working-directory';
import { descriptorPath, isOpenedAt } from '../boundary/is-opened-at';
import { MAX_WALKED_ENTRIES, SKIPPED_FOLDERS } from '../limits';

/** The files a walk found and how many entries it had to pass over. */
export interface WorkspaceWalk {
  /** Matching files, relative to the working directory with '/' separators, sorted by code unit. */
  files: string[];
  /**
   * Entries skipped because they could not be read: a folder without permission, a name that is
   * not valid UTF-8 (it could not be named back to the system), an entry that vanished.
   */
  unreadable: number;
  /** Set when the walk stopped at its entry limit: the files are those found up to there. */
  cutAfterEntries?: number;
}

/** Where to walk and what to keep. */
export interface WalkWorkspaceOptions {
  /** The working directory: the walk always starts here, whatever the pattern. */
  cwd: string;
  /** False for a folder (relative path) whose contents cannot matter; it is not entered. */
  shouldEnter(relativeFolder: string): boolean;
  /** True for a file (relative path) to keep. */
  shouldList(relativePath: string): boolean;
  /** Stops the walk between folders when aborted. */
  signal?: AbortSignal;
  /** The most entries to walk past before stopping; MAX_WALKED_ENTRIES when absent. */
  maxEntries?: number;
}

/** A folder is opened as a folder, never through a final symbolic link. */
const FOLDER_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/** Folders read between two turns of the event loop, so that a cancel is noticed soon. */
const FOLDERS_BETWEEN_YIELDS = 64;

/**
 * Lists files below the working directory, and nothing outside it, by construction: the walk
 * starts at the root whatever the pattern says, enters only entries that are real folders (a
 * symbolic link is never followed or listed), and reads each folder through a descriptor checked
 * to be the folder at its parent's real path plus its name (isOpenedAt): a folder swapped for a
 * link between the listing and the reading is not read. So for every path the walk yields, the
 * root's real path joined with it was the real path on disk: the path a reader opens and checks
 * again (see readSearchableText). node_modules, .git and dist are skipped when
 * they are folders; a file with such a name is listed like any other.
 */
export async function walkWorkspace({
  cwd,
  shouldEnter,
  shouldList,
  signal,
  maxEntries = MAX_WALKED_ENTRIES,
}: WalkWorkspaceOptions): Promise<WorkspaceWalk> {
  // The root the boundary checked; one that has vanished or been replaced is walked as unreadable.
  const root = checkWorkingDirectory({ cwd });
  if (!root.ok) return { files: [], unreadable: 1 };
  const { realRoot } = root;
  const files: string[] = [];
  let unreadable = 0;
  let entriesWalked = 0;
  const pending = [''];
  for (let walked = 1; pending.length > 0; walked += 1) {
    if (walked % FOLDERS_BETWEEN_YIELDS === 0) await yieldToEventLoop();
    signal?.throwIfAborted();
    const folder = pending.pop()!;
    const realFolder = folder === '' ? realRoot : path.join(realRoot, folder);
    const entries = readFolder({ realRoot, realFolder });
    if (entries === undefined) {
      unreadable += 1;
      continue;
    }
    for (const entry of entries) {
      entriesWalked += 1;
      if (entriesWalked > maxEntries) {
        return { files: sortByCodeUnit(files), unreadable, cutAfterEntries: maxEntries };
      }
      if (!isUtf8(entry.name)) {
        unreadable += 1;
        continue;
      }
      const name = entry.name.toString('utf8');
      const relativePath = folder === '' ? name : `${folder}/${name}`;
      if (entry.isFile()) {
        if (shouldList(relativePath)) files.push(relativePath);
      } else if (entry.isDirectory()) {
        if ((SKIPPED_FOLDERS as readonly string[]).includes(name)) continue;
        if (shouldEnter(relativePath)) pending.push(relativePath);
      }
    }
  }
  return { files: sortByCodeUnit(files), unreadable };
}

/** Paths sorted by code unit, so every machine lists them in one order. */
function sortByCodeUnit(files: string[]): string[] {
  return files.sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
}

/**
 * The entries of the folder at `realFolder`, read through a descriptor checked to be that folder
 * inside the root; undefined when it cannot be opened or is no longer that folder.
 */
function readFolder({
  realRoot,
  realFolder,
}: {
  realRoot: string;
  realFolder: string;
}): Dirent<Buffer>[] | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(realFolder, FOLDER_FLAGS);
  } catch {
    return undefined;
  }
  try {
    if (!isOpenedAt({ descriptor, expectedPath: realFolder, realRoot })) return undefined;
    return readdirSync(descriptorPath(descriptor), { withFileTypes: true, encoding: 'buffer' });
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}
