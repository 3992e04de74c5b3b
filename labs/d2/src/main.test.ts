import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runMain } from '@agent-course/cli/testing';
import { startLoopbackServer } from '@agent-course/core/offline';
import type { LoopbackServer } from '@agent-course/core/offline';
import { chatChunk } from '@agent-course/core/testing';
import { INTERRUPTED_NOTE } from './chat';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const HERE = fileURLToPath(new URL('.', import.meta.url));

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The roles and texts a request body carried, as the endpoint read them. */
type Carried = Array<{ role: string; content: unknown }>;

/** A loopback endpoint answering every request with one short answer, keeping each body. */
async function startRecordingServer(hold?: (request: number) => Promise<void> | undefined) {
  const bodies: Carried[] = [];
  server = await startLoopbackServer({
    respond: async (body) => {
      const messages = (body as { messages: Carried }).messages;
      bodies.push(messages.map(({ role, content }) => ({ role, content })));
      await hold?.(bodies.length);
      return [
        chatChunk({ role: 'assistant', content: `answer ${bodies.length}` }),
        chatChunk({}, 'stop'),
      ];
    },
  });
  const env = {
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: server.baseURL,
    MODEL: 'loopback-model',
  };
  return { bodies, env };
}

describe('pnpm start on day 2', () => {
  it('MOCK=1: the scripted person chats three turns, each resending the whole conversation', async () => {
    const run = await runMain({ main: MAIN, env: { MOCK: '1' }, cwd: HERE });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.match(/^\? /gm)).toHaveLength(3);
    expect(run.stdout).toContain('This request carried 4 messages (1 system, 2 user, 1 assistant)');
    expect(run.stdout).toContain('this time 6 messages (1 system, 3 user, 2 assistant)');
    expect(run.stdout.match(/conversation resent each turn: [\d,]+ chars/g)).toHaveLength(3);
  });

  it('MOCK=1 INJECT=interrupt: Ctrl-C stops the second answer, and the third turn still runs', async () => {
    const run = await runMain({ main: MAIN, env: { MOCK: '1', INJECT: 'interrupt' }, cwd: HERE });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('the whole conversation again: the ^C');
    expect(run.stdout).toContain('this time 6 messages (1 system, 3 user, 2 assistant)');
  });

  it('talks to an OpenAI-compatible endpoint, a piped line a turn, the history resent each time', async () => {
    const { bodies, env } = await startRecordingServer();
    const run = await runMain({ main: MAIN, env, cwd: HERE, stdin: 'first\n\nsecond\n' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('? first\nanswer 1');
    expect(bodies[1]).toEqual([
      { role: 'system', content: expect.any(String) },
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'answer 1' },
      { role: 'user', content: 'second' },
    ]);
    expect(bodies).toHaveLength(2);
  });

  it('a real Ctrl-C during an answer stops that turn only; the next piped line is answered', async () => {
    const { bodies, env } = await startRecordingServer((request) =>
      // The second answer never comes: only the person's Ctrl-C ends that turn.
      request === 2 ? new Promise<void>(() => {}) : undefined,
    );
    const agent = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), MAIN], {
      cwd: HERE,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const exited = once(agent, 'exit');
    agent.stdin.write('one\ntwo\n');
    // A chat that ends before its second request fails here, rather than waiting for the timeout.
    await Promise.race([until(() => bodies.length === 2), exited]);
    expect(bodies, 'the chat ended before its second request').toHaveLength(2);
    agent.kill('SIGINT');
    // Read only once the stopped turn is over: the chat takes one line at a time.
    agent.stdin.end('three\n');
    const [code] = await exited;
    expect(code).toBe(0);
    const [line, stopped, next] = bodies[2]?.slice(3) ?? [];
    expect([line, next]).toEqual([
      { role: 'user', content: 'two' },
      { role: 'user', content: 'three' },
    ]);
    expect(stopped?.role).toBe('assistant');
    expect(String(stopped?.content).endsWith(INTERRUPTED_NOTE)).toBe(true);
  });
});

/** Waits for `condition`, checking as events arrive; the test's own timeout bounds it. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
