import { existsSync, fstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { isInsideFolder } from './is-inside-folder';

/**
 * Where the system lists a process's open descriptors as links to what they opened: Linux's
 * /proc/self/fd, macOS's /dev/fd. Undefined when neither exists.
 */
const DESCRIPTOR_FOLDER = ['/proc/self/fd', '/dev/fd'].find((folder) => existsSync(folder));

/** What an opened descriptor is checked against. */
export interface IsOpenedAtOptions {
  /** The open descriptor. */
  descriptor: number;
  /** The real path it was opened by: the working directory's real path joined with a checked name. */
  expectedPath: string;
  /** The working directory's real path; the expected path must lie inside it. */
  realRoot: string;
  /** Ask the system where the descriptor points (true where it can say). Tests set false. */
  askSystem?: boolean;
}

/**
 * True when an open descriptor is the file or folder at `expectedPath`, inside the root. Checking a
 * name and then opening it leaves a gap: a folder on the way can be swapped for a symbolic link in
 * between, and O_NOFOLLOW guards only the last name. So the check runs on what was opened. Linux
 * says where a descriptor points (/proc/self/fd/N); elsewhere the descriptor's device and inode
 * must be those of the file now at `expectedPath`, whose real path must still be itself. A hard link
 * inside the root to a file outside passes both checks, as it does for ripgrep: it is a name inside
 * the root, and only someone who may already write that file can make one (protected_hardlinks).
 */
export function isOpenedAt({
  descriptor,
  expectedPath,
  realRoot,
  askSystem = DESCRIPTOR_FOLDER === '/proc/self/fd',
}: IsOpenedAtOptions): boolean {
  if (!isInsideFolder({ folder: realRoot, candidate: expectedPath })) return false;
  try {
    if (askSystem) return readlinkSync(`/proc/self/fd/${descriptor}`) === expectedPath;
    if (realpathSync.native(expectedPath) !== expectedPath) return false;
    const opened = fstatSync(descriptor);
    const named = statSync(expectedPath);
    return opened.dev === named.dev && opened.ino === named.ino;
  } catch {
    return false;
  }
}

/**
 * A path that reaches an open folder through its descriptor, not its name, so reading it lists
 * the folder that was opened and checked even if its name now leads elsewhere.
 */
export function descriptorPath(descriptor: number): string {
  if (DESCRIPTOR_FOLDER === undefined) {
    throw new Error(
      'this system lists no open descriptors (/proc/self/fd or /dev/fd); use Linux or macOS',
    );
  }
  return `${DESCRIPTOR_FOLDER}/${descriptor}`;
}
