import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradeResult } from '@agent-course/course';
import { createLabFolder, makeLab, runGrader } from './test-helpers';

/** How long a grade of these labs may take before it counts as hung: a whole one takes some 3 s. */
const HUNG_AFTER_MS = 30_000;

let folder: Awaited<ReturnType<typeof createLabFolder>>;
/** A file only its owner (root, on an autograder) may read, as a machine's secret would be. */
let secret: string;
beforeAll(async () => {
  folder = await createLabFolder();
  secret = join(folder.root, 'secret.txt');
  await writeFile(secret, 'SECRET_TOKEN of the machine\n');
  await chmod(secret, 0o600);
});
afterAll(() => folder.remove());

/** Grades a copy of the solution whose tsconfig.json is `tsconfig`, as JSON. */
async function gradeWithTsconfig(name: string, tsconfig: unknown) {
  const lab = await makeLab({ into: join(folder.root, name) });
  await writeFile(join(lab, 'tsconfig.json'), JSON.stringify(tsconfig));
  const ended = await runGrader(['d3', '--lab', lab, '--timeout', '5', '--json'], {
    timeoutMs: HUNG_AFTER_MS,
  });
  return { ...ended, result: GradeResult.safeParse(JSON.parse(ended.stdout || 'null')) };
}

describe("the lab's compile never reads the lab's tsconfig.json", () => {
  it(
    'a tsconfig that extends /dev/zero neither hangs the grade nor changes it',
    async () => {
      const { exitCode, result } = await gradeWithTsconfig('extends-dev-zero', {
        extends: '/dev/zero',
      });
      expect(exitCode).toBe(0);
      expect(result.data?.score).toBe(7);
    },
    HUNG_AFTER_MS + 10_000,
  );

  it('a tsconfig that extends a file only root may read puts none of it in the report', async () => {
    const { exitCode, stdout, stderr, result } = await gradeWithTsconfig('extends-secret', {
      extends: secret,
    });
    expect(`${stdout}\n${stderr}`).not.toContain('SECRET_TOKEN');
    expect(exitCode).toBe(0);
    expect(result.data?.score).toBe(7);
  });
});
