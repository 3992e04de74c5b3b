// `pnpm new-day` end to end, in a scratch clone of this kit: the new draft day installs,
// typechecks, grades with its placeholder check failing honestly, is listed as a draft by the
// course check (and refused by --release), starts, leaves its solution's tests green, regenerates
// its starter after the solution changes, and leaves the lockfile as committed once removed.
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSolutionDays } from './list-solution-days';
import { REPO_ROOT } from './repo-root';

// Installs, typechecks and grades in child processes; a busy two-core machine can take minutes.
const CASE_TIMEOUT_MS = 600_000;

/**
 * How long the install that adds the day may wait for the npm registry: the new packages' version
 * ranges can need its metadata, and a registry that does not answer is not the kit's failure.
 */
const REGISTRY_WAIT_MS = 180_000;

let kit = '';
/** The kit's days, and the one after the last: the day this test adds. */
const days = await listSolutionDays(REPO_ROOT);
const NEW_DAY = `d${Math.max(...days.map((day) => Number(day.slice(1)))) + 1}`;
const pnpm = (
  args: string[],
  options: { cwd?: string; timeout?: number; env?: Record<string, string> } = {},
) =>
  execa('pnpm', args, {
    cwd: options.cwd ?? kit,
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    reject: false,
    all: true,
    env: { NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
  });

const git = (args: string[]) => execa('git', args, { cwd: kit, reject: false, all: true });

/**
 * Copies the kit's files (tracked or new, as git sees them; no node_modules) into a scratch folder
 * and commits them there, as a fresh clone would have them: `pnpm starter` consults git.
 */
async function copyKit(): Promise<string> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'course-new-day-'));
  // As root the grader runs student code as nobody, who must be able to reach the copy.
  await chmod(scratch, 0o755);
  const listed = await execa('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
  });
  for (const file of listed.stdout.split('\n').filter(Boolean)) {
    const source = path.join(REPO_ROOT, file);
    if (!existsSync(source)) continue;
    await mkdir(path.dirname(path.join(scratch, file)), { recursive: true });
    await copyFile(source, path.join(scratch, file));
  }
  const identity = ['-c', 'user.name=kit', '-c', 'user.email=kit@example.invalid'];
  await execa('git', ['init', '-q'], { cwd: scratch });
  await execa('git', ['add', '-A'], { cwd: scratch });
  await execa('git', [...identity, 'commit', '-qm', 'kit'], { cwd: scratch });
  return scratch;
}

beforeAll(async () => {
  kit = await copyKit();
  const installed = await pnpm(['install', '--offline']);
  expect(installed.exitCode, installed.all).toBe(0);
}, CASE_TIMEOUT_MS);
afterAll(() => (kit ? rm(kit, { recursive: true, force: true, maxRetries: 2 }) : undefined));

describe('pnpm new-day in a copy of the kit', () => {
  it(
    'makes a draft day that typechecks, grades 0/1 honestly, is listed as a draft and starts',
    async (context) => {
      const scaffolded = await pnpm(['-s', 'new-day', NEW_DAY]);
      expect(scaffolded.exitCode, scaffolded.all).toBe(0);
      // The first printed step, done as printed. Adding a day changes the lockfile, which pnpm
      // refuses by default when CI is set, as it is in CI. Offline first; the registry only if needed.
      expect(scaffolded.stdout).toContain('  1. run `pnpm install`');
      let installed = await pnpm(['install', '--offline', '--no-frozen-lockfile']);
      if (installed.exitCode !== 0) {
        installed = await pnpm(['install', '--prefer-offline', '--no-frozen-lockfile'], {
          timeout: REGISTRY_WAIT_MS,
        });
        if (installed.timedOut) {
          context.skip(
            'pnpm install waited over 3 minutes for the npm registry; rerun with a network',
          );
          return;
        }
      }
      expect(installed.exitCode, installed.all).toBe(0);

      for (const folder of [`solutions/${NEW_DAY}`, `labs/${NEW_DAY}`, 'grader']) {
        const typechecked = await pnpm(['-s', 'typecheck'], { cwd: path.join(kit, folder) });
        expect(typechecked.exitCode, `${folder}: ${typechecked.all}`).toBe(0);
      }

      // The root's `pnpm test` checks formatting too: the new files must pass it as written.
      const formatted = await pnpm([
        'exec',
        'prettier',
        '--check',
        `solutions/${NEW_DAY}`,
        `labs/${NEW_DAY}`,
        `grader/src/days/${NEW_DAY}`,
      ]);
      expect(formatted.exitCode, formatted.all).toBe(0);

      const graded = await pnpm(['-s', 'grade', NEW_DAY]);
      expect(graded.exitCode).toBe(1);
      expect(graded.stdout).toContain('✗ placeholder');
      expect(graded.stdout).toContain(
        `got: only the placeholder check (grader/src/days/${NEW_DAY}/judging/placeholder.ts); the day is a draft`,
      );
      expect(graded.stdout).toContain(
        `instructors: write the day's checks in grader/src/days/${NEW_DAY}/judging/`,
      );
      expect(graded.stdout).toContain('Score: 0/1');

      const checked = await pnpm(['-s', 'course', 'check', NEW_DAY]);
      expect(checked.stdout).toContain(
        `• ${NEW_DAY}: ${NEW_DAY} is a draft: scores not checked yet`,
      );
      expect(checked.stdout).toMatch(/course: \d+ passed, 0 failed, 1 draft/);
      expect(checked.exitCode, checked.all).toBe(0);
      const release = await pnpm(['-s', 'course', 'check', '--release', NEW_DAY]);
      expect(release.stdout).toContain(`✗ ${NEW_DAY}: ${NEW_DAY} is a draft; a release has none`);
      expect(release.exitCode).toBe(1);

      const started = await pnpm(['-s', 'start', NEW_DAY], { env: { MOCK: '1' } });
      expect(started.stdout.split('\n').at(-1)).toBe('placeholder() says not yet');
      expect(started.exitCode, started.all).toBe(0);
      const help = await pnpm(['-s', 'start', NEW_DAY, '--help']);
      expect(help.stdout).toContain(
        `  day    one of ${[...days, `${NEW_DAY} (draft)`].join(', ')};`,
      );
      expect(help.stdout).toContain(
        `Day ${NEW_DAY.slice(1)} is a draft: its agent asks the model once, then shows placeholder().`,
      );
      expect(help.exitCode).toBe(0);
      const tested = await pnpm(['-s', 'test'], { cwd: path.join(kit, `solutions/${NEW_DAY}`) });
      expect(tested.exitCode, tested.all).toBe(0);

      // The step that commits the scaffold, as printed, then the solution changes and its starter
      // is regenerated: lab files git has not kept would be refused.
      const commit = /`(git add [^`]+ && git commit -m '[^']+')`/.exec(scaffolded.stdout)?.[1];
      expect(commit, scaffolded.stdout).toBeDefined();
      const committed = await execa('sh', ['-c', commit!], {
        cwd: kit,
        reject: false,
        all: true,
        env: {
          GIT_AUTHOR_NAME: 'kit',
          GIT_AUTHOR_EMAIL: 'kit@example.invalid',
          GIT_COMMITTER_NAME: 'kit',
          GIT_COMMITTER_EMAIL: 'kit@example.invalid',
        },
      });
      expect(committed.exitCode, committed.all).toBe(0);
      const manifest = path.join(kit, `solutions/${NEW_DAY}/day.ts`);
      await writeFile(
        manifest,
        (await readFile(manifest, 'utf8')).replace('describe the day in a few words', 'A new day'),
      );
      const regenerated = await pnpm(['-s', 'starter', NEW_DAY]);
      expect(regenerated.exitCode, regenerated.all).toBe(0);
      expect(regenerated.stdout).toContain(`wrote labs/${NEW_DAY}/day.ts`);

      // Removing the day as CONTRIBUTING.md says leaves the kit as it was committed.
      await rm(path.join(kit, `solutions/${NEW_DAY}`), { recursive: true });
      await rm(path.join(kit, `labs/${NEW_DAY}`), { recursive: true });
      await rm(path.join(kit, `grader/src/days/${NEW_DAY}`), { recursive: true });
      const reinstalled = await pnpm(['install', '--offline', '--no-frozen-lockfile']);
      expect(reinstalled.exitCode, reinstalled.all).toBe(0);
      expect((await git(['diff', '--stat', 'HEAD~1', '--', 'pnpm-lock.yaml'])).stdout).toBe('');
    },
    CASE_TIMEOUT_MS,
  );
});
