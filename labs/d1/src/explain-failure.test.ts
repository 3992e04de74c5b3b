import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIModel, questionWriter } from '@agent-course/core';
import { startLoopbackServer } from '@agent-course/core/offline';
import type { LoopbackAnswer, LoopbackServer } from '@agent-course/core/offline';
import { MAX_QUOTED_CHARS } from './explain-failure';
import { streamReader } from './stream-reader';

const KEY = 'sk-test-1234567890-secret';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** What a real call through the SDK to `baseURL` failed with, in this day's words. */
async function failureAt(baseURL: string): Promise<string> {
  const model = createOpenAIModel({
    apiKey: KEY,
    baseURL,
    model: 'm',
    maxRetries: 0,
    reader: streamReader,
    writer: questionWriter,
  });
  try {
    for await (const _event of model.stream({
      messages: [{ role: 'user', content: 'hi' }],
      tools: [],
    })) {
      // The call fails before any event.
    }
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the call did not fail');
}

async function failureOf(answer: LoopbackAnswer): Promise<string> {
  server = await startLoopbackServer({ respond: () => answer });
  return failureAt(server.baseURL);
}

describe('explainFailure, through the real SDK', () => {
  it("gives a 401 in one line: the status, the server's sentence and OPENAI_API_KEY, never the key", async () => {
    const message = await failureOf({ status: 401, errorMessage: 'Incorrect API key provided.' });
    expect(message).toContain('401');
    expect(message).toContain('Incorrect API key provided');
    expect(message).toMatch(/\bOPENAI_API_KEY\b/);
    expect(message).not.toContain(KEY);
    expect(message).not.toContain('\n');
  });

  it('names MODEL and OPENAI_BASE_URL for a 404', async () => {
    const message = await failureOf({ status: 404, errorMessage: 'The model `m` does not exist.' });
    expect(message).toContain('does not exist');
    expect(message).toMatch(/\bMODEL\b/);
    expect(message).toMatch(/\bOPENAI_BASE_URL\b/);
  });

  it('says to retry after a 5xx', async () => {
    expect(await failureOf({ status: 503, errorMessage: 'overloaded' })).toMatch(/try again/);
  });

  it(`cuts a long server sentence to one line of at most ${MAX_QUOTED_CHARS} characters`, async () => {
    const long = `${'word '.repeat(200)}\nsecond line`;
    const message = await failureOf({ status: 400, errorMessage: long });
    expect(message).not.toContain('\n');
    expect(message).toContain(`${'word '.repeat(10)}`);
    expect(message).not.toContain('second line');
  });

  it('names the URL, the cause and OPENAI_BASE_URL when nothing listens there', async () => {
    const baseURL = `http://127.0.0.1:${await closedPort()}/v1`;
    const message = await failureAt(baseURL);
    expect(message).toContain(baseURL);
    expect(message).toContain('ECONNREFUSED');
    expect(message).toMatch(/\bOPENAI_BASE_URL\b/);
    expect(message).not.toMatch(/\n\s+at /);
  });
});

/** A port that was free a moment ago and has nothing listening on it now. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
