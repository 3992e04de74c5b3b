import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ToolResult } from '@agent-course/core';
import { commandIsolation } from '@agent-course/workspace';
import { ProcessMarkers, findMarkedProcesses } from '@agent-course/workspace/testing';

// What a command can reach of the agent that runs it: its credentials, its own processes, and
// the time after the command's end. Each test runs an "agent" in a child process of its own, with
// an environment the test runner does not hold, so what a command finds came from that agent.
const AS_AGENT = fileURLToPath(new URL('./__fixtures__/run-commands-as-agent.ts', import.meta.url));

/**
 * Credentials of several kinds, as a person's shell could hold them when they start the agent;
 * every value holds `secret` and four digits, so a test finds any of them in a command's output.
 */
const SECRETS = {
  OPENAI_API_KEY: 'sk-secret0001',
  ANTHROPIC_API_KEY: 'sk-ant-secret0002',
  GITHUB_TOKEN: 'ghp_secret0003',
  AWS_SECRET_ACCESS_KEY: 'secret0004',
  DATABASE_PASSWORD: 'secret0005',
  OPENAI_BASE_URL: 'https://person:secret0006@models.example/v1',
  NPM_CONFIG__AUTHTOKEN: 'npm_secret0007',
};

const markers = new ProcessMarkers();
let folder: string;

/** The agent's results for `commands`, run one after another in `folder`, with `env` added. */
async function runAsAgent({
  commands,
  env = {},
}: {
  commands: string[];
  env?: NodeJS.ProcessEnv;
}): Promise<ToolResult[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), AS_AGENT, folder],
    {
      env: { ...process.env, ...SECRETS, ...env, COMMANDS: JSON.stringify(commands) },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as ToolResult[];
}

/** Every secret found in `text`, once each. */
function secretsIn(text: string): string[] {
  return [...new Set(text.match(/secret\d{4}/g))];
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'finished-d4-isolation-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});
afterEach(async () => {
  expect(await markers.killSurvivors()).toEqual([]);
});

/**
 * Isolated commands are tried wherever the system allows them, and always in CI, which must prove
 * them (a CI machine that refuses them fails these tests instead of skipping them).
 */
const tryIsolated = (await commandIsolation()).isolated || process.env.CI === 'true';

describe.runIf(tryIsolated)(
  'run_command, isolated, and what a command can reach of the agent',
  { timeout: 60_000 },
  () => {
    it('shows a command no credential of the agent: not in its environment, not in any process it can see', async () => {
      const [result] = await runAsAgent({
        commands: [
          [
            'env',
            "tr '\\0' '\\n' < /proc/$PPID/environ",
            "for file in /proc/[0-9]*/environ; do tr '\\0' '\\n' < \"$file\"; done",
            'echo done',
          ].join('; '),
        ],
      });
      expect(result!.content).toMatch(/\ndone\n$/);
      expect(secretsIn(result!.content)).toEqual([]);
    });

    it('passes a credential the person named in PASS_ENV, and only that one', async () => {
      const [result] = await runAsAgent({
        commands: ['env'],
        env: { PASS_ENV: 'GITHUB_TOKEN' },
      });
      expect(secretsIn(result!.content)).toEqual(['secret0003']);
    });

    it('stops what left the group with a cleared environment', async () => {
      const marker = markers.next();
      const [result] = await runAsAgent({
        commands: [`env -i setsid sleep 1000.${marker} >/dev/null 2>&1 & echo started`],
      });
      const survivors = await findMarkedProcesses(marker);
      if (survivors.length > 0) expect(result!.content).toContain(`sleep 1000.${marker}`);
      expect(survivors).toEqual([]);
    });
  },
);

describe('run_command where commands cannot be isolated', { timeout: 60_000 }, () => {
  it('says so at the end of the first result of the run, and only in the first', async () => {
    const [first, second] = await runAsAgent({
      commands: ['echo one', 'echo two'],
      env: { ISOLATE: '0' },
    });
    expect(first!.content).toMatch(/^exit code 0 .*\n\ncommands are not isolated .*can read /s);
    expect(second!.content).toMatch(/^exit code 0 after [\d.]+ s\noutput:\ntwo\n$/);
  });

  it('names what left the group but not the session, with a cleared environment, as still running', async () => {
    const marker = markers.next();
    // A process group of its own (setpgrp) and no marker variable: only its session is left.
    const [result] = await runAsAgent({
      commands: [
        `env -i perl -e 'setpgrp(0, 0); exec "sleep", "1000.${marker}"' >/dev/null 2>&1 & sleep 0.3; echo started`,
      ],
      env: { ISOLATE: '0' },
    });
    const [survivor] = await findMarkedProcesses(marker);
    expect(result!.content).toMatch(
      /^exit code 0 .*\nstill running, perhaps started by this command outside its process group/,
    );
    expect(result!.content).toContain(`${survivor?.pid} sleep 1000.${marker}`);
    // Named, not stopped: the stop is the command's own, which the grader must see unaided.
    await markers.killSurvivors();
  });

  it('names what left the session with a cleared environment as still running', async () => {
    const marker = markers.next();
    const [result] = await runAsAgent({
      commands: [`env -i setsid -f sleep 1000.${marker} >/dev/null 2>&1; sleep 0.3; echo started`],
      env: { ISOLATE: '0' },
    });
    const [survivor] = await findMarkedProcesses(marker);
    expect(result!.content).toContain(`still running, perhaps started by this command`);
    expect(result!.content).toContain(`${survivor?.pid} sleep 1000.${marker}`);
    // Named, not stopped: it may be the person's. The test's afterEach stops it.
    await markers.killSurvivors();
  });
});
