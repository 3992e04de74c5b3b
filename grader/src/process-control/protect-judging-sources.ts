import { chmod, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { GRADER_DAYS_DIR } from '../beside-lab/kit-paths';
import { unprivilegedUser } from './unprivileged-user';

/** Whether this process has protected them already: once is enough for every grade it runs. */
let protectedOnce: Promise<void> | undefined;

/**
 * As root, makes the days' judging sources readable by root alone: everything in
 * `grader/src/days/<day>/` but its `beside-lab/` folder, which the check process loads. Student
 * code runs as another user there (see unprivileged-user.ts), and a lab that can read a check's
 * variants could call them to work out what it is expected to answer (Node 24 runs TypeScript
 * sources as they are). Git keeps no mode but the executable bit, so a checkout shows no change.
 * Not as an ordinary user: student code then runs as that same user, who can read the kit anyway.
 */
export function protectJudgingSources(): Promise<void> {
  if (!unprivilegedUser()) return Promise.resolve();
  protectedOnce ??= protectDays();
  return protectedOnce;
}

async function protectDays(): Promise<void> {
  for (const day of await readdir(GRADER_DAYS_DIR, { withFileTypes: true })) {
    if (!day.isDirectory()) continue;
    const dayDir = join(GRADER_DAYS_DIR, day.name);
    for (const entry of await readdir(dayDir, { withFileTypes: true })) {
      if (entry.name !== 'beside-lab') await protect(join(dayDir, entry.name), entry.isDirectory());
    }
  }
}

/** A file becomes 0600 and a folder 0700, with everything in it. */
async function protect(path: string, isFolder: boolean): Promise<void> {
  if (isFolder) {
    for (const entry of await readdir(path, { withFileTypes: true })) {
      await protect(join(path, entry.name), entry.isDirectory());
    }
  }
  await chmod(path, isFolder ? 0o700 : 0o600);
}
