import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createGradeFolder, createStudentFolder, removeGradeFolder } from './student-folders';
import { unprivilegedUser } from '../process-control/unprivileged-user';

describe.runIf(process.getuid?.() === 0)('removeGradeFolder, as root', () => {
  it('removes all student code left, and nothing a link it planted leads to', async () => {
    const user = unprivilegedUser()!;
    // Root's, outside the grade: what a planted link leads to must survive the removal.
    const outside = await mkdtemp(join(tmpdir(), 'outside-the-grade-'));
    onTestFinished(() => rm(outside, { recursive: true, force: true }));
    await writeFile(join(outside, 'precious'), 'keep me');
    const grade = await createGradeFolder();
    const scratch = join(grade.root, 'a-check');
    await createStudentFolder(scratch);
    // Written as student code writes: nested folders, a dot file, links out of the grade.
    const written = spawnSync(
      'sh',
      [
        '-c',
        `mkdir -p deep/er && touch deep/er/file .hidden ../tmp/left && ln -s "$1" link && ln -s "$1/precious" file-link`,
        'sh',
        outside,
      ],
      { cwd: scratch, uid: user.uid, gid: user.gid },
    );
    expect(written.status).toBe(0);
    await removeGradeFolder(grade);
    expect(existsSync(grade.root)).toBe(false);
    expect(await readdir(outside)).toEqual(['precious']);
  });

  it('removes a folder student code shut to everyone, itself included, and what it holds', async () => {
    const user = unprivilegedUser()!;
    const grade = await createGradeFolder();
    onTestFinished(() => {
      spawnSync('chmod', ['-R', 'u+rwx', grade.root]);
      return rm(grade.root, { recursive: true, force: true });
    });
    const written = spawnSync(
      'sh',
      ['-c', 'mkdir -p locked/inner && touch locked/inner/file && chmod 000 locked/inner locked'],
      { cwd: grade.studentTemp, uid: user.uid, gid: user.gid },
    );
    expect(written.status).toBe(0);
    await removeGradeFolder(grade);
    expect(existsSync(grade.root)).toBe(false);
  });
});
