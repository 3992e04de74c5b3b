import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoundedOutput, MAX_COMMAND_TIMEOUT_MS } from '@agent-course/workspace';
import { createTestWorkspace, findMarkedProcesses } from '@agent-course/workspace/testing';
import type { TestWorkspace } from '@agent-course/workspace/testing';
import { RunCommandParameters, describeOutcome, runCommandTool } from './run-command';

// The lesson's cases: a time-out stops everything the command started, stdin reads as ended, an
// exit code is an ordinary result. The finished package (packages/finished-d4) tests the rest of
// how the group is stopped. No assertion is about how long anything took.

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({ 'note.txt': 'hello\n' });
});
afterAll(() => workspace.cleanup());

describe('runCommandTool.run', () => {
  it('reports a non-zero exit code as an ordinary result, output after the header', async () => {
    const result = await runCommandTool.run({ command: 'cat note.txt; exit 3' }, workspace.context);
    // An exit code is the answer the model asked for, so even exit 3 is { ok: true }.
    expect(
      result.ok,
      `exit 3 answered { ok: false, content: ${JSON.stringify(result.content)} }`,
    ).toBe(true);
    expect(result.content).toMatch(/^exit code 3 after [\d.]+ s\noutput:\nhello\n$/);
  });

  it('stops a command past its limit with everything it started, and says so', async () => {
    const marker = `900.${randomInt(100_000, 999_999)}`;
    const result = await runCommandTool.run(
      { command: `sleep ${marker}1 & sleep ${marker}2`, timeout_ms: 300 },
      workspace.context,
    );
    expect(result.ok, 'a command stopped at its time limit is { ok: false }').toBe(false);
    expect(result.content).toMatch(
      /^timed out after [\d.]+ s \(limit 300 ms\); the command and every process/,
    );
    expect(await findMarkedProcesses(marker)).toEqual([]);
  });

  it('gives a command reading stdin an empty, closed input', async () => {
    const result = await runCommandTool.run({ command: 'cat; echo done' }, workspace.context);
    expect(result.content).toMatch(/^exit code 0 .*\noutput:\ndone\n$/s);
  });
});

describe('describeOutcome', () => {
  const output = new BoundedOutput(4);
  output.append('a'.repeat(7) + 'b'.repeat(7));
  const outcome = {
    ok: true as const,
    exitCode: 0,
    exitSignal: null,
    timedOut: false,
    cancelled: false,
    stoppedLeftovers: true,
    output,
  };
  it('says what was cut and what was stopped, and keeps the duration in meta too', () => {
    const result = describeOutcome({ outcome, timeoutMs: 60_000, durationMs: 1234 });
    expect(result.content.split('\n').slice(0, 4)).toEqual([
      'exit code 0 after 1.2 s',
      'processes it left running in the background were stopped',
      'output (14 characters; 10 cut from the middle):',
      'aa',
    ]);
    expect(result.meta).toMatchObject({ durationMs: 1234, exitCode: 0, timedOut: false });
  });
  it('says "no output" for a silent command', () => {
    const silent = { ...outcome, stoppedLeftovers: false, output: new BoundedOutput(4) };
    expect(describeOutcome({ outcome: silent, timeoutMs: 1, durationMs: 1234 }).content).toBe(
      'exit code 0 after 1.2 s\nno output',
    );
  });
});

describe('RunCommandParameters', () => {
  it('takes whole positive time limits up to the maximum', () => {
    for (const timeout_ms of [0, 1.5, MAX_COMMAND_TIMEOUT_MS + 1]) {
      expect(RunCommandParameters.safeParse({ command: 'ls', timeout_ms }).success).toBe(false);
    }
    expect(RunCommandParameters.safeParse({ command: '' }).success).toBe(false);
    expect(
      RunCommandParameters.safeParse({ command: 'ls', timeout_ms: MAX_COMMAND_TIMEOUT_MS }).success,
    ).toBe(true);
  });
});
