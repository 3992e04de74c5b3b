import { spawn } from 'node:child_process';
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  realpath,
  rename,
  rm,
  rmdir,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createTempFolder, forgetTempFolder } from '../process-control/temp-folders';
import {
  handToStudentCode,
  type UnprivilegedUser,
  unprivilegedUser,
} from '../process-control/unprivileged-user';

/**
 * The folders of a grade, laid out so that the grader, often root, never follows a link that
 * student code planted. Student code may write in every folder handed to it, so it can put a link
 * wherever it likes there, at any moment (its processes live on between checks). The grade's own
 * folder is root's and only readable by others: nothing in it can be renamed or replaced by student
 * code, so a folder the grader makes there, and then hands over, is the one it made. What a check
 * needs written before the lab runs is built where student code cannot reach, handed over whole,
 * and moved into place in one rename, which never follows a link (handOverFolder). Removal, at the
 * end, runs as the user student code runs as (removeGradeFolder).
 */
export interface GradeFolder {
  /** The grade's own folder: root's when the grader is root; checks' folders go in it. */
  root: string;
  /** The working folder and TMPDIR of every process that runs student code. */
  studentTemp: string;
}

/** Makes a grade's folder, and its temporary folder for student code. */
export async function createGradeFolder(): Promise<GradeFolder> {
  const root = await realpath(await createTempFolder('agent-course-grade-'));
  await chmod(root, 0o755);
  const studentTemp = join(root, 'tmp');
  await createStudentFolder(studentTemp);
  return { root, studentTemp };
}

/**
 * A new, empty folder for student code, directly in the grade's folder: made by the grader, so
 * nothing was there before it, then handed over.
 */
export async function createStudentFolder(folder: string): Promise<void> {
  await mkdir(folder);
  await handToStudentCode(folder);
}

/**
 * Builds a folder with `build`, where student code cannot reach it, hands it over whole, and moves
 * it into `into` (a folder made by createStudentFolder) as `name`. The rename does not follow a
 * link at `name`: a link, a file or a folder with anything in it that student code put there
 * makes it fail, and the check with it.
 */
export async function handOverFolder({
  into,
  name,
  build,
}: {
  into: string;
  name: string;
  build: (folder: string) => Promise<void>;
}): Promise<string> {
  const staging = await mkdtemp(join(dirname(into), '.staging-'));
  try {
    await build(staging);
    await handToStudentCode(staging);
    await chmod(staging, 0o755);
    const target = join(into, name);
    await rename(staging, target);
    return target;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Removes a grade's folder once no process of the grade runs. Everything in it is removed first as
 * the user student code runs as, so a link it left leads the removal nowhere it could not go
 * itself; the grader then removes only the empty folders it made, and leaves one that is not empty
 * (a process of another submission of a batch, as the same user, filling it again) where it is.
 */
export async function removeGradeFolder(folder: GradeFolder): Promise<void> {
  const user = unprivilegedUser();
  if (user) {
    // A folder student code made and shut (mode 000) cannot be entered, not even by its owner,
    // until the owner gives itself its rights back: first that, then the removal. The grade's own
    // folder is root's, so the change fails there and goes on with what it holds.
    await runAs({ user, command: 'chmod', args: ['-R', 'u+rwx', folder.root] });
    // It cannot remove the folders the grade's own folder holds (the grader's, as is that one):
    // it empties them, and the grader removes them below.
    await runAs({ user, command: 'find', args: [folder.root, '-mindepth', '1', '-delete'] });
    for (const name of await readdir(folder.root).catch(() => [])) {
      await rmdir(join(folder.root, name)).catch(() => {});
    }
    await rmdir(folder.root).catch(() => {});
  } else {
    await rm(folder.root, { recursive: true, force: true, maxRetries: 2 });
  }
  forgetTempFolder(folder.root);
  // Left where it is, it may hold what student code wrote in memory (/dev/shm) until a reboot.
  if (await exists(folder.root))
    process.stderr.write(
      `The grade's folder ${folder.root} could not be removed wholly (student code may still be writing in it); once no process of the grade runs, remove it with: chmod -R u+rwx ${folder.root} && rm -rf ${folder.root}\n`,
    );
}

/** Runs a command as `user` and waits for it; how it ends does not matter to the caller. */
function runAs({
  user,
  command,
  args,
}: {
  user: UnprivilegedUser;
  command: string;
  args: string[];
}): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { uid: user.uid, gid: user.gid, stdio: 'ignore' });
    child.on('error', () => resolve());
    child.on('close', () => resolve());
  });
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}
