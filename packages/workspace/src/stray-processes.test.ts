import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { findStrayProcesses, killStrayProcesses, strayMarkerVariable } from './stray-processes';

const started: ChildProcess[] = [];

/** A sleeping Node process in a process group of its own, with `env` added to its environment. */
function startSleeper(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); // sleeper'], {
    env: { ...process.env, ...env },
    detached: true,
    stdio: 'ignore',
  });
  started.push(child);
  return new Promise((resolve) => child.once('spawn', () => resolve(child)));
}

/** Waits for a child to end, and says how it ended. */
function ended(child: ChildProcess): Promise<NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
}

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

describe.runIf(process.platform === 'linux')('findStrayProcesses', () => {
  it('finds a process carrying the variable, with its own group and command line', async () => {
    const variable = strayMarkerVariable();
    const marked = await startSleeper({ [variable]: '1' });
    await startSleeper({ [strayMarkerVariable()]: '1' });
    const found = findStrayProcesses(variable);
    expect(found).toEqual([
      { pid: marked.pid, groupId: marked.pid, commandLine: expect.stringContaining('// sleeper') },
    ]);
  });

  it('matches the whole name, not a variable it begins or a value that holds it', async () => {
    const variable = strayMarkerVariable();
    await startSleeper({ [`${variable}_LONGER`]: '1', OTHER: `${variable}=1` });
    expect(findStrayProcesses(variable)).toEqual([]);
  });

  it('finds the variable behind an earlier one whose value holds its name', async () => {
    const variable = strayMarkerVariable();
    // A decoy first in the environment: a search for the text alone stops at it.
    const marked = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000); // decoyed'], {
      env: { DECOY: `${variable}=1`, ...process.env, [variable]: '1' },
      detached: true,
      stdio: 'ignore',
    });
    started.push(marked);
    await new Promise((resolve) => marked.once('spawn', resolve));
    expect(findStrayProcesses(variable).map((stray) => stray.pid)).toEqual([marked.pid]);
  });

  it('leaves out a zombie, which has exited', async () => {
    const variable = strayMarkerVariable();
    // A child that exits at once while this shell sleeps without collecting it.
    const parent = spawn('sh', ['-c', 'node -e 0 & exec sleep 5'], {
      env: { ...process.env, [variable]: '1' },
      stdio: 'ignore',
    });
    started.push(parent);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(findStrayProcesses(variable).map((stray) => stray.commandLine)).toEqual([
      expect.stringContaining('sleep 5'),
    ]);
  });
});

describe.runIf(process.platform === 'linux')('killStrayProcesses', () => {
  it('kills every process carrying the variable and says which, leaving others running', async () => {
    const variable = strayMarkerVariable();
    const marked = [
      await startSleeper({ [variable]: '1' }),
      await startSleeper({ [variable]: '1' }),
    ];
    const other = await startSleeper({});
    // Node's threads have ids of their own, handed out just after its pid: none is a process.
    for (const child of marked) {
      await expect.poll(() => readdirSync(`/proc/${child.pid}/task`).length).toBeGreaterThan(1);
    }
    const killed = killStrayProcesses(variable);
    expect(killed.map((stray) => stray.pid).sort()).toEqual(
      marked.map((child) => child.pid).sort(),
    );
    expect(await Promise.all(marked.map(ended))).toEqual(['SIGKILL', 'SIGKILL']);
    expect(other.exitCode).toBeNull();
    expect(findStrayProcesses(variable)).toEqual([]);
  });

  it('kills a storm of processes that each fork a successor and exit at once', async () => {
    const variable = strayMarkerVariable();
    // Twenty chains, each in a session of its own, hopping to a new pid as fast as perl forks,
    // for far longer than any test runs (the half minute bounds what a failed test leaves behind).
    const hopper = 'my $end = time + 30; while (time < $end) { exit 0 if fork; }';
    const chains = Array.from({ length: 20 }, () =>
      spawn('perl', ['-e', hopper], {
        env: { ...process.env, [variable]: '1' },
        detached: true,
        stdio: 'ignore',
      }),
    );
    started.push(...chains);
    await Promise.all(
      chains.map((chain) => new Promise((resolve) => chain.once('spawn', resolve))),
    );
    onTestFinished(() => {
      // Whatever is left if the test fails, so it does not run on.
      for (const stray of findStrayProcesses(variable)) process.kill(stray.pid, 'SIGKILL');
    });
    const killed = killStrayProcesses(variable);
    // Killed processes may take a moment to be gone; one that escaped goes on being found.
    await expect.poll(() => findStrayProcesses(variable), { timeout: 5_000 }).toEqual([]);
    expect(killed.length).toBeGreaterThanOrEqual(chains.length);
  });
});
