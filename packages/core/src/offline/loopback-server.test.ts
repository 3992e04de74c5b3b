import { afterEach, describe, expect, it } from 'vitest';
import type { LoopbackServer } from './loopback-server';
import { startLoopbackServer } from './loopback-server';
import { chatChunk } from '../testing/chat-chunk';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('startLoopbackServer', () => {
  it('streams the chunks as server-sent events on 127.0.0.1', async () => {
    server = await startLoopbackServer({ respond: () => [{ a: 1 }, { b: 2 }] });
    expect(server.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ messages: [], stream: true }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe('data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n');
  });

  it('writes raw events as given and can end a stream without [DONE]', async () => {
    server = await startLoopbackServer({
      respond: () => ({ chunks: [{ a: 1 }, { rawData: '{not json' }], done: false }),
    });
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ messages: [], stream: true }),
    });
    expect(await response.text()).toBe('data: {"a":1}\n\ndata: {not json\n\n');
  });

  it('answers a set status with its headers and a JSON error', async () => {
    server = await startLoopbackServer({
      respond: () => ({ status: 429, headers: { 'retry-after-ms': '0' } }),
    });
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ messages: [], stream: true }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after-ms')).toBe('0');
    expect(await response.json()).toMatchObject({ error: { type: 'loopback_error' } });
  });

  it('merges the chunks into one completion for a request without stream: true', async () => {
    server = await startLoopbackServer({
      respond: () => [
        chatChunk({ role: 'assistant', content: 'Let me ' }),
        chatChunk({ content: 'look.' }),
        chatChunk({
          tool_calls: [{ index: 1, id: 'b', function: { name: 'grep', arguments: '{"p' } }],
        }),
        chatChunk({
          tool_calls: [{ index: 0, id: 'a', function: { name: 'glob', arguments: '{}' } }],
        }),
        chatChunk({ tool_calls: [{ index: 1, function: { arguments: '":1}' } }] }),
        chatChunk({}, 'tool_calls'),
      ],
    });
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ messages: [] }),
    });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({
      object: 'chat.completion',
      choices: [
        {
          message: {
            content: 'Let me look.',
            tool_calls: [
              { id: 'a', type: 'function', function: { name: 'glob', arguments: '{}' } },
              { id: 'b', type: 'function', function: { name: 'grep', arguments: '{"p":1}' } },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    });
  });

  it('answers any other route with a 404 JSON error', async () => {
    server = await startLoopbackServer({ respond: () => [] });
    const response = await fetch(`${server.baseURL}/models`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        message: 'no route for GET /v1/models; this server only answers POST /v1/chat/completions',
        type: 'not_found',
      },
    });
  });

  it('turns a throw in respond into a 500 JSON error', async () => {
    server = await startLoopbackServer({
      respond: async () => {
        throw new Error('no step for turn 4');
      },
    });
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { message: 'no step for turn 4', type: 'server_error' },
    });
  });

  it('rejects a body that is not JSON with a 400', async () => {
    server = await startLoopbackServer({ respond: () => [] });
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: '{',
    });
    expect(response.status).toBe(400);
  });

  it('closes even while a request is still open', async () => {
    let requestArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
    const started = await startLoopbackServer({
      respond: () => {
        requestArrived();
        return new Promise<unknown[]>(() => {});
      },
    });
    const pending = fetch(`${started.baseURL}/chat/completions`, { method: 'POST', body: '{}' });
    await arrived;
    // server.close() alone waits for open connections; this would hang until the test times out.
    await started.close();
    await expect(pending).rejects.toThrow();
  });
});
