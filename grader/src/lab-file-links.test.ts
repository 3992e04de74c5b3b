import { appendFile, chmod, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLabFolder, makeLab, runGrader } from './test-helpers';

/** How long a grade of these labs may take before it counts as hung: a whole one takes some 3 s. */
const HUNG_AFTER_MS = 30_000;

let folder: Awaited<ReturnType<typeof createLabFolder>>;
/** A file only its owner (root, on an autograder) may read, as a machine's secret would be. */
let secret: string;
/** A folder outside every lab whose package.json is such a secret, as /root's might be. */
let secretFolder: string;
beforeAll(async () => {
  folder = await createLabFolder();
  secret = join(folder.root, 'secret.txt');
  await writeFile(secret, 'SECRET_TOKEN of the machine\n');
  await chmod(secret, 0o600);
  secretFolder = join(folder.root, 'private');
  await mkdir(secretFolder);
  await writeFile(join(secretFolder, 'package.json'), 'SECRET_TOKEN of the folder\n');
  await chmod(join(secretFolder, 'package.json'), 0o600);
  await writeFile(join(secretFolder, 'helper.ts'), 'export const helper = 1;\n');
});
afterAll(() => folder.remove());

/** Grades a copy of the solution changed by `change`, as a whole grade does, bounded in time. */
async function gradeChangedLab(name: string, change: (lab: string) => Promise<void>) {
  const lab = await makeLab({ into: join(folder.root, name) });
  await change(lab);
  const ended = await runGrader(['d3', '--lab', lab, '--timeout', '5'], {
    timeoutMs: HUNG_AFTER_MS,
  });
  return { ...ended, said: `${ended.stdout}\n${ended.stderr}` };
}

/** Replaces a file of the lab with a link to `target`. */
const linkInstead = (lab: string, file: string, target: string) =>
  rm(join(lab, file), { force: true }).then(() => symlink(target, join(lab, file)));

/** Makes the lab's index import `file` (relative to src), so its compile reaches it. */
const importFromIndex = (lab: string, file: string) =>
  appendFile(join(lab, 'src', 'index.ts'), `export { helper } from './${file}';\n`);

describe("the grader reads no file of a lab's that is a link or not a regular file", () => {
  it(
    'a package.json that is a link to /dev/zero is refused at once, saying what to do',
    async () => {
      const { exitCode, said } = await gradeChangedLab('package-json-dev-zero', (lab) =>
        linkInstead(lab, 'package.json', '/dev/zero'),
      );
      expect(exitCode).toBe(2);
      expect(said).toContain(
        'package.json is a link or not a regular file: replace it with the file itself',
      );
    },
    HUNG_AFTER_MS + 10_000,
  );

  it('a package.json that is a link to a file only root may read is refused, quoting none of it', async () => {
    const { exitCode, said } = await gradeChangedLab('package-json-secret', (lab) =>
      linkInstead(lab, 'package.json', secret),
    );
    expect(said).not.toContain('SECRET_TOKEN');
    expect(exitCode).toBe(2);
    expect(said).toContain(
      'package.json is a link or not a regular file: replace it with the file itself',
    );
  });

  it(
    'so is a package.json deeper in the lab, which the compile would read',
    async () => {
      const { exitCode, said } = await gradeChangedLab('src-package-json-dev-zero', (lab) =>
        symlink('/dev/zero', join(lab, 'src', 'package.json')),
      );
      expect(exitCode).toBe(2);
      expect(said).toContain(
        'src/package.json is a link or not a regular file: replace it with the file itself',
      );
    },
    HUNG_AFTER_MS + 10_000,
  );

  it.each([
    [
      'a folder',
      async (lab: string) => {
        await symlink(secretFolder, join(lab, 'src', 'shared'));
        await importFromIndex(lab, 'shared/helper');
      },
      'src/shared',
    ],
    [
      'a file',
      async (lab: string) => {
        await symlink(join(secretFolder, 'helper.ts'), join(lab, 'src', 'helper.ts'));
        await importFromIndex(lab, 'helper');
      },
      'src/helper.ts',
    ],
  ])(
    'a link to %s outside the lab is refused before the compile reads what is beside it',
    async (_, change, link) => {
      const { exitCode, said } = await gradeChangedLab(
        `links-out-${link.replaceAll('/', '-')}`,
        change,
      );
      expect(said).not.toContain('SECRET_TOKEN');
      expect(exitCode).toBe(2);
      expect(said).toContain(`${link} is a link that leads out of the lab`);
    },
  );
});
