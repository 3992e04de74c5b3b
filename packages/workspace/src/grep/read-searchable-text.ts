import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isOpenedAt } from '../boundary/is-opened-at';
import { MAX_GREP_FILE_BYTES } from '../limits';
import { isBinary } from '../read/is-binary';

/** A file's text, or why it is not searched. */
export type SearchableText =
  | { kind: 'text'; text: string }
  | { kind: 'binary' }
  | { kind: 'too-large' }
  | { kind: 'unreadable' };

/**
 * O_NOFOLLOW refuses a file that has become a symbolic link since the walk listed it (a folder on
 * the way that has become one is caught by isOpenedAt); O_NONBLOCK keeps a named pipe put in a
 * file's place from blocking the open forever.
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * The text of a file the walk listed, or why it is not searched. `realRoot` is the working
 * directory's real path: joined with a path from walkWorkspace, it is the file's real path, and
 * the opened descriptor is checked to be that file before a byte is read, so a link swapped in
 * anywhere on the way since the walk is never read through. A file that cannot be opened (no
 * permission, vanished), is no longer that file, or is no longer a regular file is unreadable,
 * not an error. The size
 * is checked before reading and the binary check runs on the raw bytes. The calls are
 * synchronous on purpose: each asynchronous call is a round trip through Node's thread pool that
 * costs more than reading a small file.
 */
export function readSearchableText({
  realRoot,
  file,
}: {
  realRoot: string;
  file: string;
}): SearchableText {
  const expectedPath = path.join(realRoot, file);
  let descriptor: number;
  try {
    descriptor = openSync(expectedPath, OPEN_FLAGS);
  } catch {
    return { kind: 'unreadable' };
  }
  try {
    if (!isOpenedAt({ descriptor, expectedPath, realRoot })) return { kind: 'unreadable' };
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) return { kind: 'unreadable' };
    if (stats.size > MAX_GREP_FILE_BYTES) return { kind: 'too-large' };
    const bytes = readFileSync(descriptor);
    if (isBinary(bytes)) return { kind: 'binary' };
    const text = bytes.toString('utf8');
    return { kind: 'text', text: text.startsWith('\uFEFF') ? text.slice(1) : text };
  } catch {
    return { kind: 'unreadable' };
  } finally {
    closeSync(descriptor);
  }
}
