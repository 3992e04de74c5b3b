import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMarkedProcesses } from './testing';
import {
  ISOLATED_COMMAND_VARIABLE,
  ISOLATING_COMMAND,
  LEFTOVERS_FILE_VARIABLE,
  commandIsolation,
} from './command-isolation';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'workspace-isolation-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** What `command` gives when it runs isolated, as run_command runs it: code, output, leftovers. */
async function runIsolated(command: string) {
  const leftovers = path.join(folder, `leftovers-${Math.random()}`);
  const shell = spawn('/bin/sh', ['-c', ISOLATING_COMMAND], {
    cwd: folder,
    env: {
      PATH: process.env.PATH,
      [ISOLATED_COMMAND_VARIABLE]: command,
      [LEFTOVERS_FILE_VARIABLE]: leftovers,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  shell.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  shell.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [exitCode] = (await once(shell, 'close')) as [number | null];
  return { exitCode, stdout, stderr, leftovers: existsSync(leftovers) };
}

describe('commandIsolation', () => {
  it('is off, with the reason, when ISOLATE=0 is set', async () => {
    expect(await commandIsolation({ ISOLATE: '0' })).toEqual({
      isolated: false,
      reason: 'ISOLATE=0 is set',
    });
  });
});

// CI must prove the isolated path: there a system that refuses it fails these tests.
const tryIsolated = (await commandIsolation()).isolated || process.env.CI === 'true';

describe.runIf(tryIsolated)('a command run isolated', { timeout: 60_000 }, () => {
  it('keeps its output, its standard error and its exit code, and adds nothing of its own', async () => {
    expect(await runIsolated('echo out; echo err >&2; exit 3')).toEqual({
      exitCode: 3,
      stdout: 'out\n',
      stderr: 'err\n',
      leftovers: false,
    });
    // A shell reports a child a signal ended ("Terminated"); the command printed no such thing.
    expect(await runIsolated('kill -TERM $$')).toEqual({
      exitCode: 143,
      stdout: '',
      stderr: '',
      leftovers: false,
    });
  });

  it('sees its own processes only, and cannot unmount its /proc to see the others, even as root', async () => {
    const { stdout } = await runIsolated(
      'echo "parent $PPID"; umount /proc 2>/dev/null; echo "umount $?"; ls /proc | grep -c "^[0-9]"',
    );
    const [parent, unmount, count] = stdout.trim().split('\n');
    expect(parent).toBe('parent 1');
    expect(unmount).not.toBe('umount 0');
    // The namespace's first process, the command's shell, and ls and grep.
    expect(Number(count)).toBeLessThanOrEqual(5);
  });

  it('stops what it left running as a group is stopped, SIGTERM first, and says there were some', async () => {
    const result = await runIsolated(
      'env -i setsid /bin/sh -c \'trap "echo > cleaned; exit 0" TERM; echo > armed; while :; do sleep 1; done\' >/dev/null 2>&1 & while [ ! -e armed ]; do sleep 0.01; done',
    );
    expect(result).toMatchObject({ exitCode: 0, leftovers: true });
    expect(await readdir(folder)).toEqual(expect.arrayContaining(['armed', 'cleaned']));
  });

  it('ends what ignores SIGTERM when the grace period is over, with the namespace', async () => {
    const marker = `${process.pid}${Math.floor(Math.random() * 1e9)}`;
    const result = await runIsolated(`(trap '' TERM; sleep 1000.${marker}) & sleep 0.1`);
    expect(result).toMatchObject({ exitCode: 0, leftovers: true });
    expect(await findMarkedProcesses(marker)).toEqual([]);
  });
});
