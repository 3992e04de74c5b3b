import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KIT_ROOT } from './kit-paths';
import { spawnBounded } from './spawn-bounded';

/** Runs a one-line Node program under spawnBounded and collects the lines it sends on MESSAGE_FD. */
async function runProgram(
  source: string,
  accept: (line: string) => boolean = () => true,
  timeoutMs = 60_000,
) {
  const lines: string[] = [];
  const ended = await spawnBounded({
    args: ['-e', source],
    env: { ...process.env },
    tempDir: tmpdir(),
    timeoutMs,
    onMessage: (line) => {
      if (line === undefined) return false;
      lines.push(line);
      return accept(line);
    },
  });
  return { ended, lines };
}

const send = (expression: string) => `require('fs').writeSync(3, String(${expression}) + '\\n');`;
const runsAsRoot = process.getuid?.() === 0;

describe.runIf(runsAsRoot)('spawnBounded, started by root', () => {
  it('runs the program as nobody, with no supplementary groups', async () => {
    const { lines } = await runProgram(
      `${send('process.getuid()')}${send('process.getgid()')}${send('process.getgroups().join()')}`,
    );
    expect(lines).toEqual(['65534', '65534', '65534']);
  });

  it('leaves the program unable to change the kit, and still able to read it', async () => {
    // A new file, so that a failure of this test cannot damage anything that exists.
    const probe = join(KIT_ROOT, 'grader', `.unprivileged-probe-${process.pid}`);
    try {
      const { lines } = await runProgram(
        `const fs = require('fs');
         ${send(`fs.readFileSync(${JSON.stringify(join(KIT_ROOT, 'package.json'))}, 'utf8').includes('agent-course')`)}
         try { fs.writeFileSync(${JSON.stringify(probe)}, 'x'); ${send("'written'")} }
         catch (error) { ${send('error.code')} }`,
      );
      expect(lines).toEqual(['true', 'EACCES']);
    } finally {
      await rm(probe, { force: true });
    }
  });
});

describe('spawnBounded', () => {
  it('restarts the time limit only for lines the caller accepts, so junk cannot buy time', async () => {
    const { ended, lines } = await runProgram(
      `setInterval(() => { ${send("'junk'")} }, 50);`,
      () => false,
      2_000,
    );
    // Stopped at the limit although a line came every 50 ms.
    expect(ended.timedOut).toBe(true);
    expect(lines.length).toBeGreaterThan(0);
  });

  it('ends when the program does, though a process it left outside its group and tag holds its pipes', async () => {
    // The leftover has a session of its own and an environment without the grade's tag, and keeps
    // the program's stderr and message pipe open for far longer than any test waits.
    const { ended, lines } = await runProgram(
      `const { spawn } = require('child_process');
       const left = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'],
         { detached: true, env: { PATH: process.env.PATH }, stdio: ['ignore', 'ignore', 2, 3] });
       left.unref();
       ${send('left.pid')}
       console.error('the program ends now');`,
    );
    try {
      expect(ended.exitCode).toBe(0);
      expect(ended.stderrTail).toContain('the program ends now');
    } finally {
      process.kill(Number(lines[0]), 'SIGKILL');
    }
  });
});

/** Runs a one-line Node program under spawnBounded with a one-second limit. */
function runBounded(script: string) {
  return spawnBounded({
    args: ['-e', script],
    env: process.env,
    tempDir: tmpdir(),
    timeoutMs: 1000,
  });
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
