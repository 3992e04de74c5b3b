// A student template as a student gets it: a fresh repository whose plain `pnpm install` keeps its
// tree as committed, and whose READMEs name only commands it has. Real installs and child processes.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSolutionDays } from '../list-solution-days';
import { REPO_ROOT } from '../repo-root';
import { writeBundle } from './write-bundle';

// Installs and runs child processes; a busy two-core machine can take minutes.
const CASE_TIMEOUT_MS = 600_000;
/** What pnpm runs without a script of that name. */
const PNPM_COMMANDS = new Set(['install', 'exec', 'add']);

const days = await listSolutionDays(REPO_ROOT);
let scratch = '';
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'course-template-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe.each(days)('the student template of %s', (day) => {
  let template = '';
  const run = (file: string, args: string[], env: Record<string, string> = {}) =>
    execa(file, args, {
      cwd: template,
      reject: false,
      all: true,
      env: { NO_COLOR: '1', ...env },
    });

  beforeAll(async () => {
    template = path.join(scratch, day);
    expect(await writeBundle({ root: REPO_ROOT, day, kind: 'template', out: template })).toEqual({
      ok: true,
      files: expect.any(Number),
    });
    const identity = ['-c', 'user.name=student', '-c', 'user.email=student@example.invalid'];
    await run('git', ['init', '-q']);
    await run('git', ['add', '-A']);
    await run('git', [...identity, 'commit', '-qm', 'template']);
  }, CASE_TIMEOUT_MS);

  it(
    "keeps its tree as committed through a student's plain pnpm install",
    async () => {
      // Without CI set, as on a student's machine, pnpm rewrites a lockfile that does not fit.
      const installed = await run('pnpm', ['install', '--offline'], { CI: '' });
      expect(installed.exitCode, installed.all).toBe(0);
      expect((await run('git', ['status', '--porcelain'])).stdout).toBe('');
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'has every pnpm command its READMEs name, and its start takes the day as the kit does',
    async () => {
      const scripts = async (file: string) =>
        Object.keys(
          (
            JSON.parse(await readFile(path.join(template, file), 'utf8')) as {
              scripts: Record<string, string>;
            }
          ).scripts,
        );
      const known = new Set([
        ...PNPM_COMMANDS,
        ...(await scripts('package.json')),
        ...(await scripts(`labs/${day}/package.json`)),
      ]);
      const named = new Set<string>();
      for (const file of ['README.md', `labs/${day}/README.md`, `labs/${day}/README.zh-CN.md`]) {
        const text = (await readFile(path.join(template, file), 'utf8')).replaceAll(
          /<!--[\s\S]*?-->/g,
          '',
        );
        // Commands are in code: fenced blocks and inline spans.
        for (const [code] of text.matchAll(/```[\s\S]*?```|`[^`\n]+`/g))
          for (const [, command] of code.matchAll(/\bpnpm ([a-z][\w-]*)/g)) named.add(command!);
      }
      expect([...named].filter((command) => !known.has(command))).toEqual([]);

      const help = await run('pnpm', ['-s', 'start', day, '--help']);
      expect(help.exitCode, help.all).toBe(0);
      // A day that answers one question, or one that chats (day 2): the day's own help either way.
      expect(help.stdout).toMatch(/Usage: pnpm start \[(?:question \| -|first line)\] \[options\]/);
      const other = await run('pnpm', ['-s', 'start', 'd99']);
      expect(other.exitCode).toBe(2);
      expect(other.stderr).toBe(
        `pnpm start: this repository holds day ${day.slice(1)} only; run \`pnpm start\` or \`pnpm start ${day}\``,
      );
      // The starter's own tests are red until the TODOs are done; they run, and say so.
      const tested = await run('pnpm', ['test']);
      expect(tested.exitCode).toBe(1);
      expect(tested.all).toMatch(/✗ \d+ failed, \d+ passed, in \d+ test files/);
    },
    CASE_TIMEOUT_MS,
  );
});
