import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_COMMAND_BYTES,
  MAX_COMMAND_TIMEOUT_MS,
  commandIsolation,
  parseProcStat,
} from '@agent-course/workspace';
import { ProcessMarkers, findMarkedProcesses } from '@agent-course/workspace/testing';
import type { MarkedProcess } from '@agent-course/workspace/testing';
import { runCommandTool } from './index';

// How day 4's run_command stops a command, tested on its finished form: the process group, the
// grace period, settling on exit, the environment. Every process a test starts carries a unique
// marker in its command line, `sleep 1000.<digits>` (a valid duration on Linux and macOS), so the
// process table can be searched for survivors. Nothing here asserts a duration: only outcomes,
// such as a marker no longer being found or a file a trap wrote.
const LONG_TIMEOUT_MS = 60_000;
/** How long a test waits for processes it has had killed to leave /proc: half its time limit. */
const SURVIVOR_WAIT_MS = 30_000;
const markers = new ProcessMarkers();
let folder: string;

/** The tool's run, as the agent calls it: in `folder`, with a signal nothing aborts by default. */
function runCommand(
  args: { command: string; timeout_ms?: number },
  signal = new AbortController().signal,
) {
  return runCommandTool.run(args, { cwd: folder, signal });
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'finished-d4-command-'));
  // Where commands are not isolated, the first command of a process has a notice before its
  // result; it is spent here, so that each test reads its own command's result alone.
  await runCommand({ command: 'true' });
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});
afterEach(async () => {
  expect(await markers.killSurvivors()).toEqual([]);
});

/** Resolves once `count` processes carry the marker, so a test knows they really started. */
async function waitForMarked(marker: string, count: number): Promise<void> {
  while ((await findMarkedProcesses(marker)).length < count) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves once `file` exists in the test's folder: a command's sign that it got so far. */
async function waitForFile(file: string): Promise<void> {
  while (!existsSync(path.join(folder, file))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The processes still marked once they have had time to go, or none. A SIGKILL is only sent when
 * `kill` returns: the process leaves /proc when it is next scheduled, which on a busy machine can
 * be after the one that sent it has ended. The wait is a backstop well inside the test's time
 * limit, not a speed limit: a process that survives is still there when it runs out.
 */
async function markedAfterTheyGo(marker: string): Promise<MarkedProcess[]> {
  const started = Date.now();
  for (;;) {
    const marked = await findMarkedProcesses(marker);
    if (marked.length === 0 || Date.now() - started > SURVIVOR_WAIT_MS) return marked;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Several tests wait out a drain or a grace period by design; a busy machine stretches them.
describe('run_command, finished', { timeout: 60_000 }, () => {
  it('returns the output of both streams in the order it arrived, and the exit code', async () => {
    const result = await runCommand({
      command: 'echo out1; sleep 0.2; echo err1 >&2; sleep 0.2; echo out2; exit 3',
    });
    expect(result.ok).toBe(true);
    expect(result.content).toMatch(/^exit code 3 after [\d.]+ s\noutput:\nout1\nerr1\nout2\n$/);
    expect(result.meta).toMatchObject({ exitCode: 3, timedOut: false });
  });

  it('gives the model control characters written out: escape sequences, NUL, a lone carriage return', async () => {
    const result = await runCommand({ command: "printf 'a\\033[31mred\\000b\\rc\\n'" });
    expect(result.content).toContain('a\\x1b[31mred\\x00b\\rc\n');
    expect(result.content).not.toMatch(/[\u0000\u001b\r]/);
  });

  it('runs in the folder it is given, through /bin/sh', async () => {
    const result = await runCommand({ command: 'pwd && echo $((1 + 2)) | cat' });
    expect(result.content.trim().split('\n').at(-1)).toBe('3');
    expect(result.content).toContain(path.basename(folder));
  });

  it('gives standard input as already ended, so a command waiting for input goes on', async () => {
    const result = await runCommand({
      command: 'cat; read answer; echo "read exited with $?"',
      timeout_ms: LONG_TIMEOUT_MS,
    });
    expect(result.content).toMatch(/^exit code 0 .*\noutput:\nread exited with 1\n$/s);
  });

  it('stops the whole process group on timeout, grandchildren included', async () => {
    const marker = markers.next();
    const result = await runCommand({
      command: `sleep 1000.${marker} & sh -c 'sleep 1000.${marker}; :' & echo started; wait`,
      timeout_ms: 500,
    });
    expect(result.ok).toBe(false);
    expect(result.content).toMatch(/^timed out after .*\noutput:\nstarted\n$/s);
    expect(await findMarkedProcesses(marker)).toEqual([]);
  });

  it('stops the whole process group when the run is aborted (Ctrl-C)', async () => {
    const marker = markers.next();
    const controller = new AbortController();
    const running = runCommand(
      {
        command: `sleep 1000.${marker} & sleep 1000.${marker} & wait`,
        timeout_ms: LONG_TIMEOUT_MS,
      },
      controller.signal,
    );
    await waitForMarked(marker, 2);
    controller.abort();
    const result = await running;
    expect(result.ok).toBe(false);
    expect(result.content).toMatch(/^cancelled after /);
    expect(await findMarkedProcesses(marker)).toEqual([]);
  });

  // The grandchildren start with an empty environment, so the stray sweep that runs after the
  // group is stopped cannot find them: only a signal to the group reaches them.
  it('sends SIGTERM to every process of the group, then SIGKILL to one that ignores it', async () => {
    const marker = markers.next();
    const clean = 'env -i PATH=/usr/bin:/bin /bin/sh -c';
    const controller = new AbortController();
    const running = runCommand(
      {
        command: [
          `${clean} 'trap "echo > term-${marker}; exit 0" TERM; echo > armed-${marker}; sleep 1000.${marker} & wait' &`,
          `${clean} 'trap "" TERM; echo > ignoring-${marker}; sleep 1000.${marker}' &`,
          `sleep 1000.${marker}`,
        ].join(' '),
        timeout_ms: LONG_TIMEOUT_MS,
      },
      controller.signal,
    );
    await waitForFile(`armed-${marker}`);
    await waitForFile(`ignoring-${marker}`);
    controller.abort();
    expect((await running).content).toMatch(/^cancelled after /);
    expect(await readdir(folder)).toContain(`term-${marker}`);
    expect(await findMarkedProcesses(marker)).toEqual([]);
  });

  it('kills a grandchild that ignores SIGTERM and holds the output pipe, and still returns', async () => {
    const marker = markers.next();
    const result = await runCommand({
      command: `sh -c "trap '' TERM; sleep 1000.${marker}; :" & echo started; wait`,
      timeout_ms: 500,
    });
    expect(result.content).toMatch(/^timed out after .*\noutput:\nstarted\n$/s);
    expect(await findMarkedProcesses(marker)).toEqual([]);
  });

  it('returns when the shell exits, and stops what it left running in the background', async () => {
    const marker = markers.next();
    const result = await runCommand({
      command: `sleep 1000.${marker} & echo started`,
      timeout_ms: LONG_TIMEOUT_MS,
    });
    expect(result.content).toMatch(
      /^exit code 0 after [\d.]+ s\nprocesses it left running in the background were stopped\noutput:\nstarted\n$/,
    );
    expect(await findMarkedProcesses(marker)).toEqual([]);
  });

  // A process that leaves the group (setsid, a daemon's double fork) is found by the variable
  // every process the command starts inherits; only /proc lets another process read it.
  it.runIf(existsSync('/proc/self/environ'))(
    'stops what left the process group on purpose: setsid, a double-forked daemon, a timed-out one',
    async () => {
      const [alone, daemon, late] = [markers.next(), markers.next(), markers.next()];
      const result = await runCommand({
        command: [
          `setsid sleep 1000.${alone} >/dev/null 2>&1 &`,
          `(setsid sh -c 'sleep 1000.${daemon}; :' >/dev/null 2>&1 &)`,
          'echo started',
        ].join('\n'),
        timeout_ms: LONG_TIMEOUT_MS,
      });
      expect(result.content).toMatch(
        /^exit code 0 .*\nprocesses it left running in the background were stopped\n/,
      );
      const timedOut = await runCommand({
        command: `setsid sleep 1000.${late} >/dev/null 2>&1 & sleep 1000.${markers.next()}`,
        timeout_ms: 500,
      });
      expect(timedOut.content).toMatch(/^timed out after /);
      for (const marker of [alone, daemon, late]) {
        expect(await findMarkedProcesses(marker)).toEqual([]);
      }
    },
  );

  it('keeps the head and the tail of a flood and says how much was cut', async () => {
    const result = await runCommand({
      command: 'echo FIRST; yes | head -c 50000000; echo; echo LAST',
    });
    const total = 6 + 50_000_000 + 1 + 5;
    expect(result.content).toMatch(
      new RegExp(
        `^exit code 0 .*\\noutput \\(${total} characters; \\d+ cut from the middle\\):\\n`,
      ),
    );
    const output = result.content.slice(result.content.indexOf(':\n') + 2);
    expect(output.startsWith('FIRST\ny\ny\n')).toBe(true);
    expect(output.endsWith('y\n\nLAST\n')).toBe(true);
    expect(output).toContain('characters of output cut here');
  });

  it('runs nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await runCommand({ command: 'touch ran' }, controller.signal);
    expect(result.ok).toBe(false);
    expect(await readdir(folder)).not.toContain('ran');
  });

  it('refuses a time limit outside 1 ms to the maximum, an empty command and a missing folder', async () => {
    for (const timeout_ms of [0, -1, 1.5, Number.NaN, MAX_COMMAND_TIMEOUT_MS + 1]) {
      const result = await runCommand({ command: 'touch ran', timeout_ms });
      expect(result).toMatchObject({ ok: false });
      expect(result.content).toContain(`from 1 to ${MAX_COMMAND_TIMEOUT_MS}`);
    }
    expect(await runCommand({ command: '  ' })).toMatchObject({ ok: false });
    const missing = await runCommandTool.run(
      { command: 'true' },
      { cwd: path.join(folder, 'nowhere'), signal: new AbortController().signal },
    );
    expect(missing).toMatchObject({ ok: false });
    expect(missing.content).not.toContain(folder);
    expect(await readdir(folder)).not.toContain('ran');
  });

  it('refuses a NUL byte and an over-long command in a sentence, without repeating the command', async () => {
    const nul = await runCommand({ command: 'touch ran\0; echo' });
    expect(nul).toEqual({
      ok: false,
      content:
        'the command contains a NUL byte, which no shell command can hold; send the command as plain text',
    });
    // Past Linux's 128 KiB for one argument the system would refuse it (E2BIG) and quote it whole.
    const long = await runCommand({ command: `touch ran; echo ${'x'.repeat(200_000)}` });
    expect(long).toEqual({
      ok: false,
      content: `the command is 200,016 bytes long, more than the ${MAX_COMMAND_BYTES.toLocaleString('en-US')} a command may hold; write the script to a file with create_file and run that file`,
    });
    expect(await readdir(folder)).not.toContain('ran');
  });

  // A namespace's first process cannot be ended by a signal of its own, so isolated, the shell's
  // end comes out as its exit code, 128 + the signal's number, as `$?` would show it in a shell.
  it('reports a command killed by a signal with the signal, or isolated, as 128 + its number', async () => {
    const result = await runCommand({ command: 'kill -KILL $$' });
    if ((await commandIsolation()).isolated) {
      expect(result.content).toMatch(/^exit code 137 after /);
      return;
    }
    expect(result.content).toMatch(/(^|\n)ended by SIGKILL after /);
    expect(result.meta).toMatchObject({ exitCode: undefined, timedOut: false });
  });

  it("withholds the agent's own model key from the command, and passes the rest of the environment", async () => {
    const saved = { key: process.env.OPENAI_API_KEY, other: process.env.COURSE_TEST_SETTING };
    process.env.OPENAI_API_KEY = 'sk-test-never-in-a-command';
    process.env.COURSE_TEST_SETTING = 'passed on';
    try {
      const result = await runCommand({
        command: 'printenv OPENAI_API_KEY; echo "key status $?"; printenv COURSE_TEST_SETTING; env',
      });
      expect(result.content.split('\n').slice(2, 4)).toEqual(['key status 1', 'passed on']);
      expect(result.content).not.toContain('sk-test-never-in-a-command');
    } finally {
      for (const [name, value] of [
        ['OPENAI_API_KEY', saved.key],
        ['COURSE_TEST_SETTING', saved.other],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  // A stopped process acts on SIGTERM only once it is continued; without SIGCONT it waits, stopped,
  // for the SIGKILL at the end of the grace period and never gets to clean up.
  it.runIf(existsSync('/proc/self/stat'))(
    'continues a stopped command after SIGTERM, so it can still clean up',
    async () => {
      const marker = markers.next();
      const controller = new AbortController();
      const running = runCommand(
        {
          command: `trap 'echo cleaned > cleaned-${marker}; exit 0' TERM; kill -STOP $$; sleep 1000.${marker}`,
          timeout_ms: LONG_TIMEOUT_MS,
        },
        controller.signal,
      );
      await waitForStopped(marker);
      controller.abort();
      expect((await running).content).toMatch(/^cancelled after /);
      expect(await readdir(folder)).toContain(`cleaned-${marker}`);
    },
  );
});

/** Resolves once the shell whose command line holds the marker is stopped (state T in /proc). */
async function waitForStopped(marker: string): Promise<void> {
  for (;;) {
    for (const { pid } of await findMarkedProcesses(marker)) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      if (parseProcStat(stat)?.state === 'T') return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const UNTIL_SIGNALLED = fileURLToPath(
  new URL('./__fixtures__/run-command-until-signalled.ts', import.meta.url),
);

// A terminal that closes sends SIGHUP and `kill` sends SIGTERM; by default Node then ends at once,
// without its exit handlers, and the command, in a session of its own, would run on for ever.
describe('run_command when the agent itself is ended by a signal', { timeout: 60_000 }, () => {
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`stops the command on ${signal}, and the agent still ends by ${signal}`, async () => {
      const marker = markers.next();
      const agent = spawn(
        process.execPath,
        ['--import', import.meta.resolve('tsx'), UNTIL_SIGNALLED, folder],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
          env: { ...process.env, COMMAND: `sleep 1000.${marker}` },
        },
      );
      const ended = once(agent, 'exit');
      await once(agent.stdout, 'data');
      await waitForMarked(marker, 1);
      agent.kill(signal);
      const [exitCode, exitSignal] = await ended;
      expect({ exitCode, exitSignal }).toEqual({ exitCode: null, exitSignal: signal });
      expect(await markedAfterTheyGo(marker)).toEqual([]);
    });
  }
});
