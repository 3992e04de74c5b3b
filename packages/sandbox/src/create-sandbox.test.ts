import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox';
import type { Sandbox } from './create-sandbox';
import { sandboxFiles } from './sandbox-files';

const run = promisify(execFile);
const sandboxes: Sandbox[] = [];

async function freshSandbox(directory?: string): Promise<Sandbox> {
  const sandbox = await createSandbox(directory === undefined ? {} : { directory });
  sandboxes.push(sandbox);
  return sandbox;
}

afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.cleanup()));
});

describe('createSandbox', () => {
  it('writes every file of sandboxFiles, byte for byte, into a fresh temporary directory', async () => {
    const sandbox = await freshSandbox();
    expect(path.dirname(sandbox.directory)).toBe(path.resolve(tmpdir()));
    for (const [relativePath, content] of sandboxFiles()) {
      const written = await readFile(path.join(sandbox.directory, relativePath));
      expect(written.equals(Buffer.from(content)), relativePath).toBe(true);
    }
  });

  it('gives each call its own directory', async () => {
    const first = await freshSandbox();
    const second = await freshSandbox();
    expect(first.directory).not.toBe(second.directory);
  });

  it('has a red test: node --test fails on the divide bug, and only on it', async () => {
    const sandbox = await freshSandbox();
    // The default reporter differs between Node versions (TAP on 20, spec on 24 and later), so the
    // test asks for TAP by name and reads only its stable parts: the exit code and each result line.
    const failure = await run(process.execPath, ['--test', '--test-reporter=tap'], {
      cwd: sandbox.directory,
    }).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    const results = (failure?.stdout ?? '')
      .split('\n')
      .filter((line) => /^(not )?ok \d+ - /.test(line));
    expect(results).toEqual([
      'ok 1 - add sums two numbers',
      'ok 2 - subtract takes the second number away',
      'not ok 3 - divide shares a total into equal parts',
    ]);
    expect(failure?.stdout).toContain('48 !== 3');
  });

  it('cleanup removes the directory and everything in it', async () => {
    const sandbox = await createSandbox();
    await sandbox.cleanup();
    await expect(stat(sandbox.directory)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('writes into a given directory that does not exist yet', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'sandbox-parent-'));
    try {
      const sandbox = await freshSandbox(path.join(parent, 'repo'));
      expect(sandbox.directory).toBe(path.join(parent, 'repo'));
      expect(await readFile(path.join(sandbox.directory, 'src/calc.js'), 'utf8')).toContain(
        'divide',
      );
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('refuses a non-empty directory, because cleanup would delete what was there', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'sandbox-busy-'));
    try {
      await writeFile(path.join(directory, 'keep.txt'), 'mine');
      await expect(createSandbox({ directory })).rejects.toThrow(/is not empty.*pass an empty/);
      expect(await readFile(path.join(directory, 'keep.txt'), 'utf8')).toBe('mine');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
