import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { describeFileError } from '../wording/describe-file-error';

/** The working directory a call may use, or why none may be. */
export type WorkingDirectory =
  | {
      ok: true;
      /** The working directory's real path, symbolic links resolved. */
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

/**
 * The working directory's real path, checked before a call uses it. A command the model ran can
 * remove it (`rm -rf "$PWD"`) or a sandbox can be deleted under the agent; the system's error would
 * then name the absolute path, so it gets a sentence of its own.
 */
export function checkWorkingDirectory({ cwd }: { cwd: string }): WorkingDirectory {
  const lexicalRoot = path.resolve(cwd);
  try {
    const realRoot = realpathSync(lexicalRoot);
    if (!statSync(realRoot).isDirectory()) return { ok: false, error: VANISHED_WORKING_DIRECTORY };
    return { ok: true, realRoot };
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
}
