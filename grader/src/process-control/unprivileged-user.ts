import { readFileSync } from 'node:fs';
import { lchown, readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** A user to run student code as. */
export interface UnprivilegedUser {
  /** The user's name, for messages. */
  name: string;
  /** Its numeric user id. */
  uid: number;
  /** Its numeric group id. */
  gid: number;
}

/** The account student code runs as when the grader runs as root. */
const STUDENT_CODE_USER = 'nobody';
/** nobody's ids on Debian and Ubuntu, should /etc/passwd not list it. */
const FALLBACK_IDS = { uid: 65534, gid: 65534 };

let found: UnprivilegedUser | undefined | null = null;

/**
 * The user student code runs as: `nobody` when the grader itself runs as root (as it does on
 * Classroom 50 runners and Gradescope), so a submission cannot read or change what only root may,
 * such as the kit, the grader's folders or other submissions. Undefined for any other user (and on
 * Windows), who already runs with their own rights.
 */
export function unprivilegedUser(): UnprivilegedUser | undefined {
  if (found !== null) return found;
  found = process.getuid?.() === 0 ? lookUp(STUDENT_CODE_USER) : undefined;
  return found;
}

/** The user's ids from /etc/passwd (Linux and macOS both keep it), or Debian's defaults. */
function lookUp(name: string): UnprivilegedUser {
  let passwd = '';
  try {
    passwd = readFileSync('/etc/passwd', 'utf8');
  } catch {
    // No passwd file: the defaults below.
  }
  const fields = passwd
    .split('\n')
    .map((line) => line.split(':'))
    .find((entry) => entry[0] === name);
  const uid = Number(fields?.[2]);
  const gid = Number(fields?.[3]);
  return Number.isInteger(uid) && Number.isInteger(gid)
    ? { name, uid, gid }
    : { name, ...FALLBACK_IDS };
}

/**
 * Gives a folder the grader made (and everything in it) to the user student code runs as, so the
 * code can work in it; a no-op when nobody is dropped to. Symbolic links are changed, not followed.
 * Each folder is given away only after everything in it: until then it is still the grader's, so
 * no student process (another submission's, in a batch) can swap an entry of it for a link between
 * the listing and the change, which would hand it whatever the link leads to.
 */
export async function handToStudentCode(folder: string): Promise<void> {
  const user = unprivilegedUser();
  if (!user) return;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await handToStudentCode(path);
    else await lchown(path, user.uid, user.gid);
  }
  await lchown(folder, user.uid, user.gid);
}

/**
 * The first of `folders` (or of their parents) that other users cannot enter, or undefined when
 * student code running as the unprivileged user can reach them all. Checked before grading, so a
 * kit installed under a private home folder gets one clear message instead of every check crashing.
 */
export async function findUnreachableFolder(folders: string[]): Promise<string | undefined> {
  const user = unprivilegedUser();
  if (!user) return undefined;
  for (const folder of folders) {
    const last = resolve(folder);
    for (let current = last; ; current = dirname(current)) {
      const found = await stat(current).catch(() => undefined);
      if (found) {
        // The user needs search (x) on every folder on the way, and read (r) too on the last one,
        // through the owner's, the group's or everyone's bits, whichever apply to it.
        const shift = found.uid === user.uid ? 6 : found.gid === user.gid ? 3 : 0;
        const needed = current === last ? 0o5 : 0o1;
        if (((found.mode >> shift) & needed) !== needed) return current;
      }
      if (dirname(current) === current) break;
    }
  }
  return undefined;
}
