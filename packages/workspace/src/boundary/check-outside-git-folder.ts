import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isInsideFolder } from './is-inside-folder';

/** Where a write would land, as resolveInsideWorkspace placed it. */
export interface CheckOutsideGitFolderOptions {
  /** The real path, symbolic links resolved. */
  absolutePath: string;
  /** The workspace-relative path as the model wrote it, normalised; used in the message. */
  relativePath: string;
  /** The working directory's real path. */
  realRoot: string;
}

/**
 * Code points HFS+ ignores in a name, so that ".g\u200cit" opens ".git" on a Mac: the list git
 * itself checks (is_hfs_dotgit).
 */
const IGNORED_BY_HFS = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/**
 * Refuses a write inside git's own folder. What git reads from there runs code: a hook, or
 * core.fsmonitor in .git/config, runs at the next `git status` whoever types it, and git diff
 * does not show such a change, nor does git checkout undo it. So no spelling of the path may
 * reach it: each name is compared as the file systems that fold names would see it (".GIT",
 * ".git." and ".git " on Windows, NTFS's short name "git~1", HFS+'s ignored code points), in
 * the path as given and in its real path (a link to .git), and a folder git would take for its
 * own is refused whatever its name, and so is the write that would complete one (HEAD with
 * objects and refs, or with commondir: where a `.git` file's "gitdir:" leads, a worktree's or a
 * submodule's folder, a bare repository planted in the work tree, which git uses for whoever runs
 * git inside it).
 */
export async function checkOutsideGitFolder({
  absolutePath,
  relativePath,
  realRoot,
}: CheckOutsideGitFolderOptions): Promise<{ ok: true } | { ok: false; error: string }> {
  const names = [
    ...relativePath.split('/'),
    ...path.relative(realRoot, absolutePath).split(path.sep),
  ];
  if (names.some(isGitName) || (await isInGitDirectory({ absolutePath, realRoot }))) {
    return {
      ok: false,
      error: `${relativePath} is inside git's own folder (.git), which only git may write: a change there, such as a hook or core.fsmonitor in .git/config, runs code at the next git command, so nothing was changed; change the project's files instead, and use git commands through run_command for git's state`,
    };
  }
  return { ok: true };
}

/** True for a name that a case-folding, dot-trimming or code-point-ignoring file system reads as ".git". */
function isGitName(name: string): boolean {
  const folded = name
    .replace(IGNORED_BY_HFS, '')
    .replace(/[. ]+$/, '')
    .toLowerCase();
  return folded === '.git' || folded === 'git~1';
}

/**
 * True when a folder from the file's own up to the root is one git would use as its folder, or
 * would be once the file and the folders made for it exist: each part of a git folder may be
 * written, but not the one that completes it.
 */
async function isInGitDirectory({
  absolutePath,
  realRoot,
}: {
  absolutePath: string;
  realRoot: string;
}): Promise<boolean> {
  const kindAfterWrite = async (entryPath: string): Promise<EntryKind | undefined> => {
    if (entryPath === absolutePath) return 'file';
    if (isInsideFolder({ folder: entryPath, candidate: absolutePath })) return 'folder';
    return stat(entryPath).then(
      (entry) => (entry.isDirectory() ? 'folder' : 'file'),
      () => undefined,
    );
  };
  for (
    let folder = path.dirname(absolutePath);
    isInsideFolder({ folder: realRoot, candidate: folder });
    folder = path.dirname(folder)
  ) {
    const kind = (name: string) => kindAfterWrite(path.join(folder, name));
    if (await isGitDirectory(kind)) return true;
    if (folder === realRoot) break;
  }
  return false;
}

type EntryKind = 'file' | 'folder';

/** Git's own test for a folder it may use (is_git_directory): HEAD, and objects with refs or a commondir. */
async function isGitDirectory(
  kind: (name: string) => Promise<EntryKind | undefined>,
): Promise<boolean> {
  if ((await kind('HEAD')) !== 'file') return false;
  if ((await kind('commondir')) === 'file') return true;
  return (await kind('objects')) === 'folder' && (await kind('refs')) === 'folder';
}
