import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders whose changes never call for a new grade, and which are never watched. */
const IGNORED_FOLDERS = new Set(['node_modules', '.git', '.turbo']);

/**
 * Calls `onChange` once per burst of changes anywhere under `folder`, with the paths (relative to it)
 * that changed. Each folder gets its own plain watcher: a folder's watcher reports any entry in it
 * however that entry changes, written in place, renamed over (an editor's atomic save, `sed -i`,
 * `git checkout`), deleted and created again. Node 20's `recursive: true` on Linux watches files
 * one by one instead and loses a file once it is replaced, so later saves went unseen.
 */
export function watchFolder({
  folder,
  debounceMs,
  onChange,
}: {
  /** The root of the tree to watch. */
  folder: string;
  /** How long the tree must stay quiet before a burst counts as over. */
  debounceMs: number;
  /** Called once per burst with the changed paths, relative to `folder`, sorted. */
  onChange: (changedPaths: string[]) => void;
}): { close(): void } {
  const watchers = new Map<string, FSWatcher>();
  const changedPaths = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const noteChange = (path: string) => {
    changedPaths.add(relative(folder, path) || '.');
    clearTimeout(timer);
    timer = setTimeout(() => {
      const paths = [...changedPaths].sort();
      changedPaths.clear();
      onChange(paths);
    }, debounceMs);
  };

  /** Stops watching `directory` and every folder under it (it was deleted or replaced). */
  const forget = (directory: string) => {
    for (const [watched, watcher] of watchers) {
      if (watched === directory || watched.startsWith(directory + sep)) {
        watcher.close();
        watchers.delete(watched);
      }
    }
  };

  /** Watches `directory` and every folder under it that is not ignored and not watched yet. */
  const watchTree = (directory: string) => {
    if (watchers.has(directory)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(directory, (_event, name) => onEvent(directory, name?.toString()));
    } catch {
      return; // gone before it could be watched: its parent's watcher reports that
    }
    watcher.on('error', () => forget(directory));
    watchers.set(directory, watcher);
    let entries;
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && !IGNORED_FOLDERS.has(entry.name)) {
        watchTree(join(directory, entry.name));
      }
    }
  };

  const onEvent = (directory: string, name: string | undefined) => {
    if (name === undefined) {
      // Some platforms omit the name: pick up any folder created meanwhile, and count the change.
      watchTree(directory);
      noteChange(directory);
      return;
    }
    if (IGNORED_FOLDERS.has(name)) return;
    const path = join(directory, name);
    // A folder created, deleted or renamed over its own name needs its watchers redone at once, so
    // that files written into a new folder right away are seen.
    forget(path);
    if (isDirectory(path)) watchTree(path);
    noteChange(path);
  };

  watchTree(folder);
  return {
    close() {
      clearTimeout(timer);
      forget(folder);
    },
  };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
