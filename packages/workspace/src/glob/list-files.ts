import type { GlobMatcher } from './compile-glob';
import { SKIPPED_FOLDERS } from '../limits';
import { walkWorkspace } from './walk-workspace';
import type { WorkspaceWalk } from './walk-workspace';

/** The skipped folders as a phrase for messages: "node_modules, .git and dist". */
export const SKIPPED_FOLDERS_TEXT = `${SKIPPED_FOLDERS.slice(0, -1).join(', ')} and ${SKIPPED_FOLDERS.at(-1)}`;

/** What to list. */
export interface ListFilesOptions {
  /** The working directory the pattern is relative to. */
  cwd: string;
  /** The pattern, compiled by checkPatternInside; undefined lists every file. */
  matcher?: GlobMatcher;
  /** Stops the walk when aborted. */
  signal?: AbortSignal;
  /** The most entries to walk past; MAX_WALKED_ENTRIES when absent. */
  maxEntries?: number;
}

/**
 * The files a pattern matches, as relative '/' paths sorted by code unit so every machine lists
 * them in one order, and how many entries could not be read. Dot files count; symbolic links are
 * neither followed nor listed, so no pattern can carry the walk outside.
 */
export function listFiles({
  cwd,
  matcher,
  signal,
  maxEntries,
}: ListFilesOptions): Promise<WorkspaceWalk> {
  return walkWorkspace({
    cwd,
    shouldEnter: (folder) => matcher?.mayMatchBelow(folder) ?? true,
    shouldList: (file) => matcher?.matches(file) ?? true,
    ...(signal ? { signal } : {}),
    ...(maxEntries === undefined ? {} : { maxEntries }),
  });
}
