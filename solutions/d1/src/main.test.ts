import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runMain } from '@agent-course/cli/testing';
import { startLoopbackServer } from '@agent-course/core/offline';
import type { LoopbackAnswer, LoopbackServer } from '@agent-course/core/offline';
import { chatChunk } from '@agent-course/core/testing';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const HERE = fileURLToPath(new URL('.', import.meta.url));
const KEY = 'sk-test-main-0987654321';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** `pnpm start "hi"` against a loopback endpoint that answers `answer`, with the README's variables. */
async function startAgainst(answer: unknown[] | LoopbackAnswer) {
  server = await startLoopbackServer({ respond: () => answer });
  return runMain({
    main: MAIN,
    args: ['hi'],
    env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.baseURL, MODEL: 'loopback-model' },
    cwd: HERE,
  });
}

describe('pnpm start on day 1', () => {
  it('MOCK=1: streams the offline answer, then its stats, and exits 0', async () => {
    const run = await runMain({ main: MAIN, env: { MOCK: '1' }, cwd: HERE });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('A coding agent is a loop around a model');
    expect(run.stdout).toMatch(
      /first token after \d+ ms · 6 tokens in, 68 out · finish reason stop/,
    );
  });

  it.each(['cut', 'no_finish'])(
    'MOCK=1 INJECT=%s: exits 1 and says the answer was cut',
    async (inject) => {
      const run = await runMain({ main: MAIN, env: { MOCK: '1', INJECT: inject }, cwd: HERE });
      expect(run.code).toBe(1);
      expect(`${run.stdout}\n${run.stderr}`).toMatch(/token limit|without a finish reason/);
    },
  );

  it('talks to an OpenAI-compatible endpoint with OPENAI_API_KEY, OPENAI_BASE_URL and MODEL', async () => {
    const usage = {
      ...chatChunk({}),
      choices: [],
      usage: { prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 },
    };
    const run = await startAgainst([
      chatChunk({ role: 'assistant', content: '' }),
      chatChunk({ content: 'Hello ' }),
      chatChunk({ content: 'there.' }),
      chatChunk({}, 'stop'),
      usage,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Hello there.');
    expect(run.stdout).toContain('4 tokens in, 2 out · finish reason stop');
  });

  it('a 401 from the endpoint: exits 1 with one line naming OPENAI_API_KEY, never the key or a stack', async () => {
    const run = await startAgainst({ status: 401, errorMessage: 'Incorrect API key provided.' });
    const printed = `${run.stdout}\n${run.stderr}`;
    expect(run.code).toBe(1);
    expect(printed).toMatch(/401.*Incorrect API key provided.*OPENAI_API_KEY/);
    expect(printed).not.toContain(KEY);
    expect(printed).not.toMatch(/\n\s+at /);
  });
});
