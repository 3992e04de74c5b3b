import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COMMAND_TIMEOUT_MS } from './limits';
import { prepareCommand } from './prepare-command';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'workspace-prepare-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('prepareCommand', () => {
  it("gives the environment without the agent's model key, and a marker of its own", async () => {
    const saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = 'sk-test-never-in-a-command';
    try {
      const first = await prepareCommand({ command: 'true', cwd: folder, timeoutMs: 1000 });
      const second = await prepareCommand({ command: 'true', cwd: folder, timeoutMs: 1000 });
      if (!first.ok || !second.ok) throw new Error('a plain command was refused');
      expect(first.env.OPENAI_API_KEY).toBeUndefined();
      expect(first.env.PATH).toBe(process.env.PATH);
      expect(first.env[first.strayVariable]).toBe('1');
      expect(first.strayVariable).toMatch(/^AGENT_COURSE_COMMAND_[0-9A-F]{16}$/);
      expect(second.strayVariable).not.toBe(first.strayVariable);
    } finally {
      if (saved === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved;
    }
  });

  it('refuses a time limit out of range, an empty command and a missing folder, saying what to send', async () => {
    for (const timeoutMs of [0, 1.5, MAX_COMMAND_TIMEOUT_MS + 1]) {
      const refused = await prepareCommand({ command: 'true', cwd: folder, timeoutMs });
      expect(refused).toMatchObject({ ok: false });
      expect(!refused.ok && refused.error).toContain(`from 1 to ${MAX_COMMAND_TIMEOUT_MS}`);
    }
    const empty = await prepareCommand({ command: ' ', cwd: folder, timeoutMs: 1000 });
    expect(!empty.ok && empty.error).toContain('send a shell command');
    const missing = path.join(folder, 'nowhere');
    const refused = await prepareCommand({ command: 'true', cwd: missing, timeoutMs: 1000 });
    expect(refused).toEqual({
      ok: false,
      error: 'the working folder does not exist, so the command was not run',
    });
  });
});
