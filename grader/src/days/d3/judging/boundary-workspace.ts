import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { handOverFolder } from '../../../lab-files/student-folders';

/** Written only into files outside the root; seeing it in any result means the boundary leaked. */
export const CANARY = 'CANARY_OUTSIDE_ROOT_7Q';
/** Part of the canary that is fine to search for: a tool echoing its pattern does not leak. */
export const CANARY_SEARCH = 'OUTSIDE_ROOT';
/** The name of the canary files; a listing showing it leaked too. */
export const CANARY_FILE = 'secret.txt';

/** One way out of the root, as a folder the tools are asked to look into. */
export interface Escape {
  /** What the scenario tries, for messages. */
  label: string;
  /** The folder outside the root, as the model would write it. */
  folder: string;
}

/**
 * Builds `root` (the tools' working directory) with a symbolic link leading out, next to an
 * `outside` folder and a `root-sibling` folder (same prefix as the root) that hold the canary: in
 * `scratchDir/boundary`, made out of the lab's reach and handed over whole (student-folders.ts).
 */
export async function createBoundaryWorkspace(
  scratchDir: string,
): Promise<{ root: string; escapes: Escape[] }> {
  const base = join(scratchDir, 'boundary');
  const root = join(base, 'root');
  await handOverFolder({
    into: scratchDir,
    name: 'boundary',
    build: async (staged) => {
      await mkdir(join(staged, 'root', 'src'), { recursive: true });
      await writeFile(
        join(staged, 'root', 'src', 'inside.txt'),
        'an ordinary file inside the root\n',
      );
      for (const folder of ['outside', 'root-sibling']) {
        await mkdir(join(staged, folder), { recursive: true });
        await writeFile(join(staged, folder, CANARY_FILE), `${CANARY}\n`);
      }
      // Where the link will lead once the folder is in place.
      await symlink(join(base, 'outside'), join(staged, 'root', 'link-out'), 'dir');
    },
  });
  return {
    root,
    escapes: [
      { label: 'a relative path climbing out with ..', folder: '../outside' },
      { label: 'an absolute path outside the root', folder: join(base, 'outside') },
      { label: "a sibling folder sharing the root's prefix", folder: join(base, 'root-sibling') },
      { label: 'a symbolic link leading out', folder: 'link-out' },
    ],
  };
}
