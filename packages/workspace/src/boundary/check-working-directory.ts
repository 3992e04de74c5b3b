import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { describeFileError } from '../wording/describe-file-error';

/** The working directory a call may use, or why none may be. */
export type WorkingDirectory =
  | {
      ok: true;
      /** The working directory's real path, as it was resolved on first use. */
      realRoot: string;
    }
  | {
      ok: false;
      /** One sentence for the model: what happened to the working directory and what to do. */
      error: string;
    };

/** The sentence for a working directory that is gone: the model cannot fix it, only report it. */
export const VANISHED_WORKING_DIRECTORY =
  'the working directory no longer exists (removed or moved, perhaps by a command), so nothing was read or changed; ask the user to restore it or to start again in a folder that exists';

/** The sentence for a working directory that is now a link or another folder. */
export const REPLACED_WORKING_DIRECTORY =
  'the working directory was replaced (by a symbolic link or another folder, perhaps by a command) since this conversation started, so nothing was read or changed; ask the user to put it back or to start again';

/** The working directory as first resolved: its real path and the folder that was there. */
interface PinnedRoot {
  realRoot: string;
  device: bigint;
  inode: bigint;
}

/**
 * Each working directory by its path as the tools are given it, fixed on first use. One agent
 * process holds one conversation (its tools share one read ledger), so this lives as long as it.
 */
const PINNED_ROOTS = new Map<string, PinnedRoot>();

/**
 * The working directory's real path, checked before each call uses it. It is resolved once, on
 * first use, and every later call must find the same folder there, by device and inode: a command
 * the model ran can remove the folder (`rm -rf "$PWD"`) or replace it with a symbolic link to
 * somewhere else, and resolving it afresh would then carry every later read and write there.
 *
 * What remains: Node cannot open a folder and resolve paths from it (no openat), so each file is
 * still opened by a path under the real root, a moment after this check. In that moment the root
 * can be moved away and another folder made at its path; the open then lands in that folder. Never
 * outside it: what is opened is checked to lie at the expected real path (isOpenedAt), so a root
 * that became a link in that moment is caught there.
 */
export function checkWorkingDirectory({ cwd }: { cwd: string }): WorkingDirectory {
  const lexicalRoot = path.resolve(cwd);
  let found: PinnedRoot;
  try {
    const realRoot = realpathSync(lexicalRoot);
    const stats = statSync(realRoot, { bigint: true });
    if (!stats.isDirectory()) return { ok: false, error: VANISHED_WORKING_DIRECTORY };
    found = { realRoot, device: stats.dev, inode: stats.ino };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return { ok: false, error: VANISHED_WORKING_DIRECTORY };
    }
    return {
      ok: false,
      error: describeFileError({ error, path: 'the working directory', action: 'read' }),
    };
  }
  const pinned = PINNED_ROOTS.get(lexicalRoot);
  if (pinned === undefined) {
    PINNED_ROOTS.set(lexicalRoot, found);
    return { ok: true, realRoot: found.realRoot };
  }
  const same =
    found.realRoot === pinned.realRoot &&
    found.device === pinned.device &&
    found.inode === pinned.inode;
  return same
    ? { ok: true, realRoot: pinned.realRoot }
    : { ok: false, error: REPLACED_WORKING_DIRECTORY };
}
