import { describe, expect, it } from 'vitest';
import { createInProcessFetch, IN_PROCESS_BASE_URL } from './create-in-process-fetch';
import { startLoopbackServer } from './loopback-server';
import type { RespondToChat } from './answer-chat-request';
import { chatChunk } from '../testing/chat-chunk';

const CHAT_URL = `${IN_PROCESS_BASE_URL}/chat/completions`;

/** The same request to the loopback server and to the in-process fetch: status, type and body. */
async function bothAnswers({
  respond,
  body,
  path = '/chat/completions',
}: {
  respond: RespondToChat;
  body: string;
  path?: string;
}) {
  const server = await startLoopbackServer({ respond });
  try {
    const read = async (response: Response) => ({
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    });
    const init = { method: 'POST', body };
    return {
      loopback: await read(await fetch(`${server.baseURL}${path}`, init)),
      inProcess: await read(
        await createInProcessFetch({ respond })(`${IN_PROCESS_BASE_URL}${path}`, init),
      ),
    };
  } finally {
    await server.close();
  }
}

describe('createInProcessFetch', () => {
  it('answers every kind of request exactly as the loopback server does', async () => {
    const streamed = JSON.stringify({ messages: [], stream: true });
    const cases: Array<{ respond: RespondToChat; body: string; path?: string }> = [
      { respond: () => [{ a: 1 }, { rawData: '{not json' }], body: streamed },
      { respond: () => ({ chunks: [{ a: 1 }], done: false }), body: streamed },
      { respond: () => ({ status: 429, headers: { 'retry-after-ms': '0' } }), body: streamed },
      {
        respond: () => [chatChunk({ role: 'assistant', content: 'hi' }), chatChunk({}, 'stop')],
        body: JSON.stringify({ messages: [] }),
      },
      { respond: () => [], body: '{"messages": [' },
      { respond: () => [], body: streamed, path: '/models' },
      {
        respond: () => {
          throw new Error('the script has no turn left');
        },
        body: streamed,
      },
    ];
    for (const entry of cases) {
      const { loopback, inProcess } = await bothAnswers(entry);
      expect(inProcess).toEqual(loopback);
    }
  });

  it('hands the body over one event at a time, as a server streams it', async () => {
    const fetchInProcess = createInProcessFetch({ respond: () => [{ a: 1 }, { b: 2 }] });
    const response = await fetchInProcess(CHAT_URL, {
      method: 'POST',
      body: JSON.stringify({ messages: [], stream: true }),
    });
    const decoder = new TextDecoder();
    const pieces: string[] = [];
    for await (const piece of response.body!) pieces.push(decoder.decode(piece));
    expect(pieces).toEqual(['data: {"a":1}\n\n', 'data: {"b":2}\n\n', 'data: [DONE]\n\n']);
  });

  it('rejects as fetch does when its signal is aborted, before or while the body is read', async () => {
    const fetchInProcess = createInProcessFetch({ respond: () => [{ a: 1 }, { b: 2 }] });
    const body = JSON.stringify({ messages: [], stream: true });
    const before = new AbortController();
    before.abort();
    await expect(
      fetchInProcess(CHAT_URL, { method: 'POST', body, signal: before.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });

    const during = new AbortController();
    const response = await fetchInProcess(CHAT_URL, {
      method: 'POST',
      body,
      signal: during.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    during.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });
});
