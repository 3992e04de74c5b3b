import { afterEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { type PacedEndpoint, servePacedAnswer } from './serve-paced-answer';

const ANSWER = {
  pieces: ['one ', 'two ', 'three '],
  usage: { promptTokens: 1234, completionTokens: 56 },
  firstPieceDelayMs: 0,
};

let endpoint: PacedEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

/** A streamed request through the real SDK, as the lab's run makes it, read a chunk at a time. */
async function ask(baseURL: string) {
  const client = new OpenAI({ apiKey: 'sk-test', baseURL, maxRetries: 0 });
  const stream = await client.chat.completions.create({
    model: 'm',
    messages: [{ role: 'user', content: 'hi' }],
    stream: true,
    stream_options: { include_usage: true },
  });
  return stream[Symbol.asyncIterator]();
}

describe('servePacedAnswer', () => {
  it('sends a piece only once the pieces before it show on stdout', async () => {
    endpoint = await servePacedAnswer({ ...ANSWER, pacedByStdout: true });
    const chunks = await ask(endpoint.baseURL);
    expect((await chunks.next()).value?.choices[0]?.delta.content).toBe('');
    expect((await chunks.next()).value?.choices[0]?.delta.content).toBe('one ');
    expect(endpoint.seen()).toEqual({ requests: 1, piecesSent: 1, finished: false });
    // Output without the piece, or with another, is not it.
    endpoint.stdoutGrew('> starting\ntwo ');
    expect(endpoint.seen().piecesSent).toBe(1);
    endpoint.stdoutGrew('> starting\none ');
    expect((await chunks.next()).value?.choices[0]?.delta.content).toBe('two ');
    endpoint.stdoutGrew('> starting\none two ');
    expect((await chunks.next()).value?.choices[0]?.delta.content).toBe('three ');
    endpoint.stdoutGrew('> starting\none two three ');
    expect((await chunks.next()).value?.choices[0]?.finish_reason).toBe('stop');
    const usage = (await chunks.next()).value;
    expect(usage?.choices).toEqual([]);
    expect(usage?.usage).toMatchObject({ prompt_tokens: 1234, completion_tokens: 56 });
    expect((await chunks.next()).done).toBe(true);
    expect(endpoint.seen()).toEqual({ requests: 1, piecesSent: 3, finished: true });
  });

  it('sends the whole answer at once when it is not paced', async () => {
    endpoint = await servePacedAnswer({ ...ANSWER, pacedByStdout: false });
    const chunks = await ask(endpoint.baseURL);
    const texts: string[] = [];
    for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) {
      texts.push(chunk.value.choices[0]?.delta.content ?? '');
    }
    expect(texts.join('')).toBe('one two three ');
    expect(endpoint.seen()).toEqual({ requests: 1, piecesSent: 3, finished: true });
  });

  it('stops waiting when closed, and says how far it got', async () => {
    endpoint = await servePacedAnswer({ ...ANSWER, pacedByStdout: true });
    const chunks = await ask(endpoint.baseURL);
    await chunks.next();
    await chunks.next();
    await endpoint.close();
    await expect(chunks.next()).rejects.toThrow();
    expect(endpoint.seen()).toEqual({ requests: 1, piecesSent: 1, finished: false });
  });

  it('answers anything but a streamed chat request with an error a client can read', async () => {
    endpoint = await servePacedAnswer({ ...ANSWER, pacedByStdout: true });
    const other = await fetch(`${endpoint.baseURL}/models`);
    expect(other.status).toBe(404);
    const unstreamed = await fetch(`${endpoint.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [] }),
    });
    expect(unstreamed.status).toBe(400);
    expect(((await unstreamed.json()) as { error: { message: string } }).error.message).toMatch(
      /stream: true/,
    );
    const huge = await fetch(`${endpoint.baseURL}/chat/completions`, {
      method: 'POST',
      body: 'x'.repeat(2_000_000),
    });
    expect(huge.status).toBe(413);
    expect(endpoint.seen().requests).toBe(0);
  });
});
