/** What was being done with the path when the system refused: the word the sentence uses. */
export type FileAction = 'read' | 'written';

/** A system error and the path as the model wrote it. */
export interface DescribeFileErrorOptions {
  /** What the system threw: a Node error with a `code` such as ENOENT, or anything else. */
  error: unknown;
  /** The path as the model gave it (or its workspace-relative form), never the absolute one. */
  path: string;
  /** Whether the path was being read or written; a failed write adds that nothing was changed. */
  action: FileAction;
}

/** Why, and what to do next, for each error code a file operation meets on Linux and macOS. */
const REASONS: Record<string, { why: string; next: string }> = {
  ENOENT: { why: 'it does not exist', next: 'use glob to find the file' },
  ENOTDIR: {
    why: 'a part of the path is a file, not a folder',
    next: 'use glob to find the file',
  },
  EISDIR: { why: 'it is a folder', next: 'use glob to list what is in it' },
  EACCES: { why: 'permission was denied', next: 'use another path, or ask the user' },
  EPERM: { why: 'the operation is not permitted', next: 'use another path, or ask the user' },
  ELOOP: {
    why: 'it goes round a loop of symbolic links',
    next: 'use the path of a real file inside the working directory',
  },
  ENAMETOOLONG: {
    why: 'the path or one of its names is longer than the file system allows',
    next: 'use a shorter path',
  },
  ENXIO: {
    why: 'it is a socket or a device, not a regular file',
    next: 'only text files can be read or changed',
  },
  ENODEV: {
    why: 'it is a device, not a regular file',
    next: 'only text files can be read or changed',
  },
  EROFS: { why: 'the file system is read-only', next: 'ask the user to make it writable' },
  ENOSPC: { why: 'the disk is full', next: 'ask the user to free some space' },
  EDQUOT: { why: 'the disk quota is used up', next: 'ask the user to free some space' },
  EFBIG: { why: 'the file would be larger than the file system allows', next: 'write less' },
  EIO: {
    why: 'the disk reported an input/output error',
    next: 'try once more, then ask the user to check the disk',
  },
  EMFILE: {
    why: 'this process has too many files open',
    next: 'try again in a moment',
  },
  ENFILE: { why: 'the system has too many files open', next: 'try again in a moment' },
  ENOMEM: { why: 'the system is out of memory', next: 'try again in a moment' },
  EAGAIN: { why: 'the system was busy', next: 'try again in a moment' },
  EWOULDBLOCK: { why: 'the system was busy', next: 'try again in a moment' },
  EINTR: { why: 'the operation was interrupted', next: 'try again' },
  EBUSY: { why: 'it is in use by the system', next: 'use another path, or ask the user' },
  ETXTBSY: { why: 'it is a program that is running', next: 'stop the program first' },
  EEXIST: { why: 'something already has that name', next: 'use another name' },
  ENOTEMPTY: { why: 'a folder that is not empty has that name', next: 'use another name' },
  EXDEV: {
    why: 'it crosses from one file system to another',
    next: 'use a path inside the working directory',
  },
  EMLINK: { why: 'its folder holds too many links', next: 'use another folder' },
  EOVERFLOW: { why: 'it is too large to open', next: 'use a command to work with it' },
  ESTALE: {
    why: 'the network file system lost track of it',
    next: 'try again, or ask the user to remount the folder',
  },
  ETIMEDOUT: { why: 'the file system did not answer in time', next: 'try again in a moment' },
  EINVAL: {
    why: 'the file system does not allow that name or operation',
    next: 'use another path',
  },
  ENOTSUP: { why: 'the file system does not support the operation', next: 'use another path' },
  EOPNOTSUPP: { why: 'the file system does not support the operation', next: 'use another path' },
  ENOSYS: { why: 'the system does not support the operation', next: 'use another path' },
  ESPIPE: {
    why: 'it is a pipe, not a regular file',
    next: 'only text files can be read or changed',
  },
  EILSEQ: { why: 'the file system cannot store that name', next: 'use a plain name' },
  EBADF: { why: 'it was closed while in use', next: 'try again' },
  ECANCELED: { why: 'the operation was cancelled', next: 'try again' },
};

/**
 * One sentence for a file operation the system refused, naming the path as the model gave it.
 * Node's own message quotes the absolute path on this machine ("ENOENT: no such file or
 * directory, open '/home/me/…'"), which tells the model nothing it can act on and shows it where
 * the agent runs; so the message is never used, only the code. A code not listed is named as it
 * is, with advice that fits any failure.
 */
export function describeFileError({ error, path, action }: DescribeFileErrorOptions): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const known = typeof code === 'string' ? REASONS[code] : undefined;
  const why =
    known?.why ?? `the system refused (${typeof code === 'string' ? code : 'no error code'})`;
  const next = known?.next ?? 'try again, or use a command to see what is there';
  const unchanged = action === 'written' ? ', so nothing was changed' : '';
  return `${path} could not be ${action}: ${why}${unchanged}; ${next}`;
}
