import { lstat, mkdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLabFolder } from '../test-helpers';
import { handToStudentCode, unprivilegedUser } from './unprivileged-user';

let folder: Awaited<ReturnType<typeof createLabFolder>>;
beforeAll(async () => {
  folder = await createLabFolder();
});
afterAll(() => folder.remove());

describe.runIf(process.getuid?.() === 0)('handToStudentCode, as root', () => {
  it('gives the folder and all in it to the unprivileged user, and changes links without following them', async () => {
    const user = unprivilegedUser()!;
    const outside = join(folder.root, 'outside.txt');
    await writeFile(outside, 'the grader keeps this');
    const given = join(folder.root, 'given');
    await mkdir(join(given, 'deep', 'deeper'), { recursive: true });
    await writeFile(join(given, 'deep', 'deeper', 'file.txt'), 'x');
    await symlink(outside, join(given, 'deep', 'link'));

    await handToStudentCode(given);

    for (const path of [given, join(given, 'deep'), join(given, 'deep', 'deeper', 'file.txt')]) {
      expect((await lstat(path)).uid).toBe(user.uid);
    }
    expect((await lstat(join(given, 'deep', 'link'))).uid).toBe(user.uid);
    expect((await stat(outside)).uid).toBe(0);
  });
});
