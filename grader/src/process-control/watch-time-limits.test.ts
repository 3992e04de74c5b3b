import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { startBoundedProcess } from './start-bounded-process';
import { watchTimeLimits } from './watch-time-limits';

/** Runs a one-line Node program with a time limit, its MESSAGE_FD lines told to `onMessage`. */
function runBounded({
  script,
  timeoutMs = 1000,
  onMessage,
}: {
  script: string;
  timeoutMs?: number;
  onMessage?: (line: string | undefined) => boolean;
}) {
  const started = startBoundedProcess({
    args: ['-e', script],
    env: process.env,
    tempDir: tmpdir(),
    messages: onMessage !== undefined,
  });
  return watchTimeLimits({ started, timeoutMs, ...(onMessage ? { onMessage } : {}) });
}

const send = (text: string) => `require('fs').writeSync(3, ${JSON.stringify(`${text}\n`)});`;

describe('watchTimeLimits', () => {
  it('stops an endless loop once it has used its CPU time', async () => {
    const ended = await runBounded({ script: 'for (;;) {}' });
    expect(ended.timedOut).toBe(true);
    expect(ended.timeLimit).toEqual({ kind: 'cpuMs', limitMs: 1000 });
  });

  it('stops a program that sits idle with something keeping it alive', async () => {
    const ended = await runBounded({
      script: 'setInterval(() => {}, 1e6); new Promise(() => {});',
    });
    expect(ended.timedOut).toBe(true);
    expect(ended.timeLimit).toEqual({ kind: 'idleMs', limitMs: 1000 });
  });

  it('counts the CPU time of the processes the program started', async () => {
    const ended = await runBounded({
      script:
        "require('node:child_process').spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'inherit' }); setInterval(() => {}, 1e6);",
    });
    expect(ended.timeLimit?.kind).toBe('cpuMs');
  });

  it('counts the CPU time of what the program started outside its process group', async () => {
    // The group itself only waits; the work is done in a session of its own.
    const ended = await runBounded({
      script:
        "require('node:child_process').spawn('sh', ['-c', 'while :; do :; done'], { detached: true, stdio: 'ignore' }); setInterval(() => {}, 1e6);",
    });
    expect(ended.timeLimit).toEqual({ kind: 'cpuMs', limitMs: 1000 });
  });

  it('names, when idle, what it waits on outside its process group', async () => {
    const ended = await runBounded({
      script:
        "require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 6e5); // left the group'], { detached: true, stdio: 'ignore' }); setInterval(() => {}, 1e6);",
    });
    expect(ended.timeLimit?.kind).toBe('idleMs');
    expect(ended.runningOutsideGroup).toEqual([expect.stringContaining('// left the group')]);
  });

  it('lets a program that finishes in time finish', async () => {
    const ended = await runBounded({
      script: 'let total = 0; for (let n = 0; n < 1e6; n++) total += n;',
    });
    expect(ended).toMatchObject({ exitCode: 0, timedOut: false });
    expect(ended.timeLimit).toBeUndefined();
  });

  it('restarts the time limit for each line the caller accepts', async () => {
    // Five steps of up to 600 ms of CPU each, 3 s in all against 1.5 s per step. (The first
    // reading comes after a second, so a step begun before it is counted from the start.)
    const step = 'const until = Date.now() + 600; while (Date.now() < until) {}';
    const ended = await runBounded({
      script: `for (let n = 0; n < 5; n++) { ${send('step')} ${step} }`,
      timeoutMs: 1500,
      onMessage: (line) => line === 'step',
    });
    expect(ended).toMatchObject({ exitCode: 0, timedOut: false });
  });

  it('restarts it only for lines the caller accepts, so junk cannot buy time', async () => {
    const told: string[] = [];
    const ended = await runBounded({
      script: `setInterval(() => { ${send('junk')} }, 50);`,
      timeoutMs: 2000,
      onMessage: (line) => {
        told.push(line ?? '');
        return false;
      },
    });
    // Stopped at the limit although a line came every 50 ms.
    expect(ended.timedOut).toBe(true);
    expect(told.length).toBeGreaterThan(0);
  });
});
