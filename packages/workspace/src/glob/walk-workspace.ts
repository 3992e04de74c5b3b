import { isUtf8 } from 'node:buffer';
import { readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { SKIPPED_FOLDERS } from '../limits';

/** The files a walk found and how many entries it had to pass over. */
export interface WorkspaceWalk {
  /** Matching files, relative to the working directory with '/' separators, sorted by code unit. */
  files: string[];
  /**
   * Entries skipped because they could not be read: a folder without permission, a name that is
   * not valid UTF-8 (it could not be named back to the system), an entry that vanished.
   */
  unreadable: number;
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
}

/** Folders read between two turns of the event loop, so that a cancel is noticed soon. */
const FOLDERS_BETWEEN_YIELDS = 64;

/**
 * Lists files below the working directory, and nothing outside it, by construction: the walk
 * starts at the root whatever the pattern says, enters only entries that are real folders (a
 * symbolic link is never followed or listed), and checks each folder's real path before reading
 * it. A folder is entered only when its real path is its parent's real path plus its name, so
 * for every path the walk yields, the root's real path joined with it is the real path on disk:
 * the path a reader opens (see readSearchableText). node_modules, .git and dist are skipped when
 * they are folders; a file with such a name is listed like any other.
 */
export async function walkWorkspace({
  cwd,
  shouldEnter,
  shouldList,
  signal,
}: WalkWorkspaceOptions): Promise<WorkspaceWalk> {
  const realRoot = realpathSync.native(cwd);
  const files: string[] = [];
  let unreadable = 0;
  const pending = [''];
  for (let walked = 1; pending.length > 0; walked += 1) {
    if (walked % FOLDERS_BETWEEN_YIELDS === 0) await yieldToEventLoop();
    signal?.throwIfAborted();
    const folder = pending.pop()!;
    const realFolder = folder === '' ? realRoot : path.join(realRoot, folder);
    let entries;
    try {
      entries = readdirSync(realFolder, { withFileTypes: true, encoding: 'buffer' });
    } catch {
      unreadable += 1;
      continue;
    }
    for (const entry of entries) {
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
        if (!shouldEnter(relativePath)) continue;
        const expected = path.join(realFolder, name);
        let realPath: string;
        try {
          realPath = realpathSync.native(expected);
        } catch {
          unreadable += 1;
          continue;
        }
        // Anything else (a mount trick, a folder swapped for a link mid-walk) is not entered.
        if (realPath === expected) pending.push(relativePath);
      }
    }
  }
  files.sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  return { files, unreadable };
}
