import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  type Stats,
} from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { MAX_LAB_FILE_BYTES } from '../beside-lab/limits';

/** A lab's file as the grader read it, or why it did not. */
export type LabFile =
  | { ok: true; text: string }
  /** `missing`: there is no such file, which callers often take in their stride. */
  | { ok: false; missing: boolean; error: string };

/**
 * Reads one of a lab's files (`package.json`, `src/tools/glob.ts`) as the grader, which as root
 * could read any file on the machine, and which a lab's file must not lead to one it could not
 * read itself, nor to a device that never ends (`/dev/zero`) or a pipe that never answers. Only a
 * regular file inside the lab (inside its `within` folder, when given), reached through no link,
 * is read, and at most MAX_LAB_FILE_BYTES of it; anything else is refused with what to do. The
 * file is checked before it is opened (so no device is ever opened) and again once it is (so one
 * swapped for a link meanwhile is not read).
 */
export function readLabFile({
  labDir,
  file,
  within,
  maxBytes = MAX_LAB_FILE_BYTES,
}: {
  labDir: string;
  /** Relative to the lab, as the report names it. */
  file: string;
  /** A folder of the lab, e.g. `src`, that the file must be inside. */
  within?: string;
  maxBytes?: number;
}): LabFile {
  const refused = (error: string): LabFile => ({ ok: false, missing: false, error });
  const notRegular = refused(
    `${file} is a link or not a regular file: replace it with the file itself`,
  );
  const folder = resolve(labDir, within ?? '.');
  const path = resolve(labDir, file);
  const inFolder = relative(folder, path);
  if (inFolder === '' || inFolder.startsWith('..') || isAbsolute(inFolder)) {
    return refused(`${file} is not inside the lab${within ? `'s ${within}` : ''}`);
  }
  // Where the file is, links and all resolved, when no folder on the way is a link.
  let realPath: string;
  let before: Stats | undefined;
  try {
    realPath = join(realpathSync(labDir), relative(labDir, path));
    before = lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return { ok: false, missing: true, error: `${file} cannot be found` };
  }
  if (!before) return { ok: false, missing: true, error: `${file} does not exist` };
  if (!before.isFile()) return notRegular;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return notRegular;
  }
  try {
    const opened = fstatSync(fd);
    if (
      !opened.isFile() ||
      opened.ino !== before.ino ||
      opened.dev !== before.dev ||
      !isOpenedAt({ fd, path: realPath })
    ) {
      return notRegular;
    }
    if (opened.size > maxBytes) return refused(tooLarge({ file, maxBytes }));
    // Read to the limit and one byte past, should the file have grown since.
    const buffer = Buffer.alloc(Math.min(opened.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length === buffer.length) break;
    }
    if (length > maxBytes) return refused(tooLarge({ file, maxBytes }));
    return { ok: true, text: buffer.subarray(0, length).toString('utf8') };
  } finally {
    closeSync(fd);
  }
}

/** Why a file larger than the grader reads is refused, and what to do. */
export function tooLarge({ file, maxBytes }: { file: string; maxBytes: number }): string {
  return `${file} is larger than ${maxBytes.toLocaleString('en-US')} bytes, far more than a lab's file needs: make it smaller`;
}

/**
 * Whether an open file is the one at `path` (a real path): no folder on its way was a link, or
 * became one. Linux says where a descriptor points; elsewhere the path is resolved again.
 */
function isOpenedAt({ fd, path }: { fd: number; path: string }): boolean {
  try {
    if (existsSync('/proc/self/fd')) return readlinkSync(`/proc/self/fd/${fd}`) === path;
    return realpathSync(path) === path;
  } catch {
    return false;
  }
}
