import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
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
 * not an error. The size is checked before reading, and reading stops at the limit whatever the
 * size said (see readAtMost); the binary check runs on the raw bytes. The calls are
 * synchronous on purpose: each asynchronous call is a round trip through Node's thread pool that
 * costs more than reading a small file.
 */
export function readSearchableText({
  realRoot,
  file,
  maxBytes = MAX_GREP_FILE_BYTES,
}: {
  realRoot: string;
  file: string;
  /** Larger files are not searched; MAX_GREP_FILE_BYTES unless a test sets less. */
  maxBytes?: number;
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
    if (stats.size > maxBytes) return { kind: 'too-large' };
    const bytes = readAtMost({ descriptor, size: stats.size, maxBytes });
    if (bytes === undefined) return { kind: 'too-large' };
    if (isBinary(bytes)) return { kind: 'binary' };
    const text = bytes.toString('utf8');
    return { kind: 'text', text: text.startsWith('\uFEFF') ? text.slice(1) : text };
  } catch {
    return { kind: 'unreadable' };
  } finally {
    closeSync(descriptor);
  }
}

/**
 * The first read of a file whose size is not known, doubled while it fills: small, because most
 * such files are simply empty (an __init__.py) and grep may open hundreds of thousands of them.
 */
const UNKNOWN_SIZE_FIRST_BYTES = 1024;

/**
 * The file's bytes, or undefined when it holds more than `maxBytes`. A file whose size is known is
 * read up to that size, with no further call to find its end. A size of 0 says nothing: files in
 * /proc, on some network and FUSE file systems, or a log that was empty a moment ago report 0 and
 * still hold bytes (/proc/self/pagemap, hundreds of gigabytes). readFileSync reads such a file to
 * its end, so here it is read chunk by chunk and given up one byte past the limit.
 */
function readAtMost({
  descriptor,
  size,
  maxBytes,
}: {
  descriptor: number;
  size: number;
  maxBytes: number;
}): Buffer | undefined {
  const limit = size > 0 ? size : maxBytes + 1;
  let buffer = Buffer.allocUnsafe(size > 0 ? size : Math.min(limit, UNKNOWN_SIZE_FIRST_BYTES));
  let filled = 0;
  for (;;) {
    if (filled === buffer.length) {
      if (filled >= limit) break;
      const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit));
      buffer.copy(larger, 0, 0, filled);
      buffer = larger;
    }
    const bytesRead = readSync(descriptor, buffer, filled, buffer.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled > maxBytes ? undefined : buffer.subarray(0, filled);
}
