import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findStrayProcesses } from '@agent-course/workspace/stray-processes';
import { execa } from 'execa';
import { describe, expect, it, onTestFinished } from 'vitest';
import { KIT_ROOT } from '../beside-lab/kit-paths';
import { startBoundedProcess } from './start-bounded-process';
import { watchTimeLimits } from './watch-time-limits';

/** Runs a one-line Node program bounded and collects the lines it sends on MESSAGE_FD. */
async function runProgram(source: string) {
  const lines: string[] = [];
  const started = startBoundedProcess({
    args: ['-e', source],
    env: { ...process.env },
    tempDir: tmpdir(),
    messages: true,
  });
  started.readMessages((line) => {
    if (line !== undefined) lines.push(line);
  });
  const ended = await watchTimeLimits({ started, timeoutMs: 60_000 });
  return { ended, lines };
}

const send = (expression: string) => `require('fs').writeSync(3, String(${expression}) + '\\n');`;
const runsAsRoot = process.getuid?.() === 0;

describe.runIf(runsAsRoot)('startBoundedProcess, started by root', () => {
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

describe('startBoundedProcess', () => {
  it('gives the program its stdin text, then closes it; without any, stdin is empty', async () => {
    expect(await toldOnStdin('first\nsecond')).toEqual(['first', 'second']);
    expect(await toldOnStdin(undefined)).toEqual(['']);
  });

  it('reports a message line too long to keep as undefined, and reads on', async () => {
    const { ended, lines } = await runProgram(`${send("'x'.repeat(2_000_000)")}${send("'after'")}`);
    expect(ended.exitCode).toBe(0);
    expect(lines).toEqual(['after']);
  });

  it('ends when the program does, though a process it left outside its group and marker holds its pipes', async () => {
    // The leftover has a session of its own and an environment without the marker, and keeps
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

  it.runIf(process.platform === 'linux')(
    'kills, once the program ends, what it started in a session of its own',
    async () => {
      const { ended, lines } = await runProgram(
        `const { spawn } = require('child_process');
         const left = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'],
           { detached: true, stdio: 'ignore' });
         left.unref();
         ${send('left.pid')}`,
      );
      expect(ended.exitCode).toBe(0);
      const left = Number(lines[0]);
      // Signal 0 only asks whether it is there; a zombie awaiting init would still answer.
      await expect.poll(() => isRunning(left)).toBe(false);
    },
  );

  it.runIf(process.platform === 'linux')(
    'kills every bounded process, and what it started, when the grader exits',
    async () => {
      const script = join(tmpdir(), `exits-with-a-bounded-process-${process.pid}.mts`);
      onTestFinished(() => rm(script, { force: true }));
      await writeFile(
        script,
        [
          `import { startBoundedProcess } from ${JSON.stringify(join(KIT_ROOT, 'grader/src/process-control/start-bounded-process.ts'))};`,
          `const started = startBoundedProcess({ args: ['-e', "require('child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { detached: true, stdio: 'ignore' }); setTimeout(() => {}, 600000)"], env: process.env, tempDir: ${JSON.stringify(tmpdir())} });`,
          `import { findStrayProcesses } from ${JSON.stringify(join(KIT_ROOT, 'packages/workspace/src/stray-processes.ts'))};`,
          // Until the program has started the process it leaves in a session of its own.
          'while (findStrayProcesses(started.marker).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));',
          'console.log(started.marker);',
          'process.exit(0);',
        ].join('\n'),
      );
      const ended = await execa(process.execPath, ['--import', 'tsx', script], {
        cwd: KIT_ROOT,
        reject: false,
      });
      expect(ended.stderr).toBe('');
      expect(ended.exitCode).toBe(0);
      const marker = ended.stdout.trim();
      expect(marker).toMatch(/^AGENT_COURSE_COMMAND_/);
      // Killed on the grader's way out; a SIGKILLed process may take a moment to be gone.
      await expect.poll(() => findStrayProcesses(marker)).toEqual([]);
    },
  );
});

/** The lines a program sends back of what it read on stdin, given `stdinText`. */
async function toldOnStdin(stdinText: string | undefined): Promise<string[]> {
  const started = startBoundedProcess({
    args: [
      '-e',
      `let given = ''; process.stdin.on('data', (chunk) => { given += chunk; }); process.stdin.on('end', () => { ${send('given')} });`,
    ],
    env: { ...process.env },
    tempDir: tmpdir(),
    messages: true,
    ...(stdinText === undefined ? {} : { stdinText }),
  });
  const told: string[] = [];
  started.readMessages((line) => told.push(line ?? '<too long>'));
  await watchTimeLimits({ started, timeoutMs: 60_000 });
  return told;
}

/** Whether a process is there and has not exited (a zombie awaiting its parent has). */
function isRunning(pid: number): boolean {
  try {
    return !/\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
