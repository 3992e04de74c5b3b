import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { folderDay } from './__fixtures__/folder-day/main';
import { main } from './main';

let repository: string;
beforeAll(async () => {
  repository = await mkdtemp(join(tmpdir(), 'cli-main-'));
  await writeFile(join(repository, 'README.md'), '# repository\n');
});
afterAll(async () => {
  await rm(repository, { recursive: true, force: true });
});

/** Runs the folder day in this process, collecting what it writes. */
async function runInProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  mockTransport?: 'loopback' | 'in-process',
) {
  let stdout = '';
  let stderr = '';
  const code = await main({
    day: folderDay,
    args,
    io: {
      env: { INIT_CWD: repository, ...env },
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      ...(mockTransport ? { mockTransport } : {}),
    },
  });
  return { code, stdout, stderr };
}

describe('main, the command line without its process', () => {
  it('runs the day offline and returns 0, writing only to the io it was given', async () => {
    const exitCodeBefore = process.exitCode;
    const first = await runInProcess(['--cwd', '.'], { MOCK: '1' });
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain('The folder holds 1 names.');
    // Runs again in the same process, as the grader's checks do one after another.
    const second = await runInProcess(['--cwd', '.'], { MOCK: '1' });
    expect(second.stdout).toBe(first.stdout);
    expect(process.exitCode).toBe(exitCodeBefore);
  });

  it('plays the offline model in process when io asks, with no server, to the same end', async () => {
    const listen = vi.spyOn(Server.prototype, 'listen');
    try {
      const loopback = await runInProcess(['--cwd', '.'], { MOCK: '1' });
      expect(listen).toHaveBeenCalledTimes(1);
      listen.mockClear();
      const inProcess = await runInProcess(['--cwd', '.'], { MOCK: '1' }, 'in-process');
      expect(listen).not.toHaveBeenCalled();
      expect(inProcess).toEqual(loopback);
    } finally {
      listen.mockRestore();
    }
  });

  it('returns 2 with a sentence for a bad setting, and reads INJECT from io.env, not the process', async () => {
    const run = await runInProcess([], { MOCK: '1', INJECT: 'nonsense' });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('INJECT=nonsense is not known; use one of: broken_json.\n');
  });

  it('answers --help on io.stdout with 0', async () => {
    const run = await runInProcess(['--help'], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Runs the folder agent');
  });
});
