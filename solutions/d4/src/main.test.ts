import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { runMain } from '@agent-course/cli/testing';
import { createSandbox } from '@agent-course/sandbox';
import type { Sandbox } from '@agent-course/sandbox';
import { findMarkedProcesses } from '@agent-course/workspace/testing';
import { d4Scenario, PERSON_NOTE } from '@agent-course/sandbox/scenarios/d4';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const CALC = 'src/calc.js';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.cleanup();
  sandbox = undefined;
});

/** Runs `MOCK=1 pnpm start --cwd <a fresh sandbox>`, so the test can look at the sandbox after. */
async function offlineRun(inject?: string) {
  sandbox = await createSandbox();
  const before = await readFile(join(sandbox.directory, CALC), 'utf8');
  const run = await runMain({
    main: MAIN,
    args: ['--cwd', sandbox.directory],
    env: { MOCK: '1', NO_COLOR: '1', ...(inject ? { INJECT: inject } : {}) },
    cwd: sandbox.directory,
  });
  const after = await readFile(join(sandbox.directory, CALC), 'utf8');
  // The sandbox's own test, run again by the test rather than trusted from the agent's words.
  const tests = await execa('node', ['--test', 'test/calc.test.js'], {
    cwd: sandbox.directory,
    reject: false,
    stdin: 'ignore',
  });
  return { run, before, after, testsExitCode: tests.exitCode };
}

/**
 * Why a run did not end as it should, on one line for the test's message: the last tool call that
 * failed (the card the terminal shows with ✗), or else the last line the run printed.
 */
function howItEnded(run: { code: number; stdout: string; stderr: string }): string {
  const lines = `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => line.trim() !== '');
  const failedCall = lines.findLast((line) => line.startsWith('✗ '));
  return failedCall
    ? `MOCK=1 pnpm start exited with ${run.code}; the last call that failed: ${failedCall.slice(2)}`
    : `MOCK=1 pnpm start exited with ${run.code}; it ended with: ${lines.at(-1) ?? '(nothing)'}`;
}

/** What the sandbox's test run says, for the test's message when it still fails. */
const STILL_RED = "the sandbox's test still fails after the run: src/calc.js was not fixed";

/** The lines of `after` that differ from `before`, position by position, and lines added at the end. */
function changedLines(before: string, after: string): string[] {
  const old = before.split('\n');
  return after.split('\n').filter((line, index) => old[index] !== line);
}

describe('MOCK=1 pnpm start on day 4', () => {
  it('turns the red test green by changing exactly one line, then says so', async () => {
    const { run, before, after, testsExitCode } = await offlineRun();
    expect(run.code, howItEnded(run)).toBe(0);
    expect(before).toContain('  return a * b;');
    expect(changedLines(before, after), 'the lines of src/calc.js the run changed').toEqual([
      '  return a / b;',
    ]);
    expect(testsExitCode, STILL_RED).toBe(0);
    expect(run.stdout).toContain('exited with code 0');
  });

  it('INJECT=stale_file: the edit is refused, the person keeps their line, the reread edit lands', async () => {
    const { run, before, after, testsExitCode } = await offlineRun('stale_file');
    expect(run.code, howItEnded(run)).toBe(0);
    expect(run.stdout).toContain('has changed since you last read it');
    expect(changedLines(before, after)).toEqual(['  return a / b;', PERSON_NOTE, '']);
    expect(testsExitCode, STILL_RED).toBe(0);
  });

  it('INJECT=ambiguous_edit: three matching lines are named and left alone, then one line changes', async () => {
    const { run, before, after, testsExitCode } = await offlineRun('ambiguous_edit');
    expect(run.code, howItEnded(run)).toBe(0);
    expect(run.stdout).toContain('lines 4, 8, 12');
    expect(changedLines(before, after), 'the lines of src/calc.js the run changed').toEqual([
      '  return a / b;',
    ]);
    expect(testsExitCode, STILL_RED).toBe(0);
  });

  it('INJECT=hanging_command: watch mode is stopped at its limit with its test process, and the run goes on', async () => {
    const { run, testsExitCode } = await offlineRun('hanging_command');
    expect(run.code, howItEnded(run)).toBe(0);
    expect(run.stdout).toMatch(/timed out after [\d.]+ s \(limit 2000 ms\)/);
    expect(testsExitCode, STILL_RED).toBe(0);
    // Watch mode starts a child per run; neither it nor the watcher may survive the stop.
    expect(await findMarkedProcesses('--watch test/calc.test.js')).toEqual([]);
  });
});

describe('pnpm start --cwd with a real model', () => {
  it('refuses to write unasked where no terminal can ask, and says to pass --yes', async () => {
    sandbox = await createSandbox();
    const run = await runMain({
      main: MAIN,
      args: ['--cwd', sandbox.directory],
      env: { OPENAI_API_KEY: 'not-used', MODEL: 'not-used', OPENAI_BASE_URL: 'http://127.0.0.1:9' },
      cwd: sandbox.directory,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('pass --yes to allow them without asking');
  });
});

describe('the exported command line', () => {
  it("runs in-process with the kit's main and scenario, as the grader drives it, without starting on import", async () => {
    const { commandLine } = await import('./main');
    const { main } = await import('@agent-course/cli');
    expect(commandLine.scenario).toBe(d4Scenario);
    sandbox = await createSandbox();
    const out: string[] = [];
    const code = await main({
      day: commandLine,
      args: ['--cwd', sandbox.directory],
      io: {
        env: { MOCK: '1', NO_COLOR: '1', INIT_CWD: sandbox.directory },
        stdout: (text) => out.push(text),
        stderr: (text) => out.push(text),
      },
    });
    expect(code, out.join('')).toBe(0);
    expect(await readFile(join(sandbox.directory, CALC), 'utf8')).toContain('  return a / b;');
  });
});
