import { describe, expect, it } from 'vitest';
import { spawnBounded } from './spawn-bounded';

/** Runs a one-line Node program under spawnBounded with a one-second limit. */
function runBounded(script: string) {
  return spawnBounded({ args: ['-e', script], env: process.env, timeoutMs: 1000 });
}

describe('spawnBounded time limits', () => {
  it('stops an endless loop once it has used its CPU time', async () => {
    const ended = await runBounded('for (;;) {}');
    expect(ended.timedOut).toBe(true);
    expect(ended.timeLimit).toEqual({ kind: 'cpuMs', limitMs: 1000 });
  });

  it('stops a program that sits idle with something keeping it alive', async () => {
    const ended = await runBounded('setInterval(() => {}, 1e6); new Promise(() => {});');
    expect(ended.timedOut).toBe(true);
    expect(ended.timeLimit).toEqual({ kind: 'idleMs', limitMs: 1000 });
  });

  it('counts the CPU time of the processes the program started', async () => {
    const ended = await runBounded(
      "require('node:child_process').spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'inherit' }); setInterval(() => {}, 1e6);",
    );
    expect(ended.timeLimit?.kind).toBe('cpuMs');
  });

  it('lets a program that finishes in time finish', async () => {
    const ended = await runBounded('let total = 0; for (let n = 0; n < 1e6; n++) total += n;');
    expect(ended).toMatchObject({ exitCode: 0, timedOut: false });
    expect(ended.timeLimit).toBeUndefined();
  });
});
