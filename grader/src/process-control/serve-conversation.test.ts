import { afterEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { type ConversationEndpoint, serveConversation } from './serve-conversation';

let endpoint: ConversationEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

/** A streamed request through the real SDK, as a lab's chat makes it. */
async function ask({
  baseURL,
  messages,
  signal,
}: {
  baseURL: string;
  messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }>;
  signal?: AbortSignal;
}) {
  const client = new OpenAI({ apiKey: 'sk-test', baseURL, maxRetries: 0 });
  const stream = await client.chat.completions.create(
    { model: 'm', messages, stream: true },
    signal ? { signal } : {},
  );
  return stream[Symbol.asyncIterator]();
}

describe('serveConversation', () => {
  it('answers request N with answer N and keeps what each request carried', async () => {
    endpoint = await serveConversation({
      conversation: { lines: ['a', 'b'], answers: [['one ', 'two'], ['three']] },
      pressCtrlC: () => {},
    });
    const texts: string[] = [];
    for (const messages of [
      [{ role: 'user' as const, content: 'a' }],
      [
        { role: 'user' as const, content: 'a' },
        { role: 'assistant' as const, content: 'one two' },
        { role: 'user' as const, content: 'b' },
      ],
    ]) {
      const chunks = await ask({ baseURL: endpoint.baseURL, messages });
      let text = '';
      for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) {
        text += chunk.value.choices[0]?.delta.content ?? '';
      }
      texts.push(text);
    }
    expect(texts).toEqual(['one two', 'three']);
    expect(endpoint.seen()).toEqual({
      requests: [
        [{ role: 'user', content: 'a' }],
        [
          { role: 'user', content: 'a' },
          { role: 'assistant', content: 'one two' },
          { role: 'user', content: 'b' },
        ],
      ],
      requestCount: 2,
    });
  });

  it('presses Ctrl-C once the stopped pieces show, and waits for the lab to hang up', async () => {
    const controller = new AbortController();
    let pressed = 0;
    endpoint = await serveConversation({
      conversation: {
        lines: ['a'],
        answers: [['one ', 'two ', 'never']],
        interrupt: { request: 1, afterPieces: 2 },
      },
      pressCtrlC: () => {
        pressed += 1;
        controller.abort();
      },
    });
    const chunks = await ask({
      baseURL: endpoint.baseURL,
      messages: [{ role: 'user', content: 'a' }],
      signal: controller.signal,
    });
    const texts: string[] = [];
    try {
      for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) {
        texts.push(chunk.value.choices[0]?.delta.content ?? '');
        // What the lab shows: the endpoint waits for it before pressing Ctrl-C.
        endpoint.stdoutWrote(chunk.value.choices[0]?.delta.content ?? '');
      }
    } catch {
      // The abort, as the SDK throws it.
    }
    expect(pressed).toBe(1);
    expect(texts.join('')).toBe('one two ');
    // The hang-up reaches the endpoint as its own event; the test's timeout bounds the wait.
    while (endpoint.seen().interruptedClosed !== true) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it('does not take words printed before the stopped request for its pieces', async () => {
    const controller = new AbortController();
    let pressed = 0;
    endpoint = await serveConversation({
      conversation: {
        lines: ['a'],
        answers: [['again ', 'more']],
        interrupt: { request: 1, afterPieces: 1 },
      },
      pressCtrlC: () => {
        pressed += 1;
        controller.abort();
      },
    });
    // An earlier answer said the same word: from a seed's trial, where Ctrl-C came too early.
    endpoint.stdoutWrote('again again ');
    const chunks = await ask({
      baseURL: endpoint.baseURL,
      messages: [{ role: 'user', content: 'a' }],
      signal: controller.signal,
    });
    await chunks.next();
    const piece = (await chunks.next()).value?.choices[0]?.delta.content;
    expect(piece).toBe('again ');
    expect(pressed).toBe(0);
    endpoint.stdoutWrote(piece ?? '');
    while (pressed === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pressed).toBe(1);
  });

  it('answers the failing request with its error and JSON body, and keeps what it carried', async () => {
    endpoint = await serveConversation({
      conversation: {
        lines: ['a'],
        answers: [['never']],
        failure: { request: 1, status: 429, message: 'Rate limit reached' },
      },
      pressCtrlC: () => {},
    });
    const failed = await ask({
      baseURL: endpoint.baseURL,
      messages: [{ role: 'user', content: 'a' }],
    }).then(
      () => undefined,
      (error: unknown) => error as { status?: number; message?: string },
    );
    expect(failed?.status).toBe(429);
    expect(failed?.message).toContain('Rate limit reached');
    expect(endpoint.seen()).toEqual({
      requests: [[{ role: 'user', content: 'a' }]],
      requestCount: 1,
    });
  });
});
