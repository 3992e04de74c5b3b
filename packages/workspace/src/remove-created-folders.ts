import { rmdir } from 'node:fs/promises';
import path from 'node:path';
import { openFolderInside } from './boundary/open-folder-inside';

/**
 * Removes the folders a failed create made (openFolderInside's `created`), deepest first, so that
 * the create leaves the tree as it found it. Each is removed through its parent, opened and checked
 * inside the working directory, never through a name that may lead elsewhere now; rmdir removes
 * only an empty folder and never follows a link, so a folder someone filled meanwhile stays, and
 * so do the folders above it. Best effort: a folder that cannot be removed is left.
 */
export async function removeCreatedFolders({
  folders,
  realRoot,
}: {
  /** Real paths, outermost first. */
  folders: string[];
  realRoot: string;
}): Promise<void> {
  for (const folder of [...folders].reverse()) {
    const parent = await openFolderInside({ realPath: path.dirname(folder), realRoot }).catch(
      () => undefined,
    );
    if (!parent?.ok) return;
    try {
      await rmdir(parent.folder.entryPath(path.basename(folder)));
    } catch {
      return;
    } finally {
      await parent.folder.close();
    }
  }
}
