import { getEventListeners } from 'node:events';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOpenAIModel } from './create-openai-model';
import type { OpenAIModelOptions } from './create-openai-model';
import { createScriptedModel } from '../offline/scripted-model';
import type { LoopbackServer, LoopbackServerOptions } from '../offline/loopback-server';
import type { Message } from '../protocol/message';
import type { ModelClient } from '../protocol/model-client';
import { startLoopbackServer } from '../offline/loopback-server';
import type { StreamEvent } from '../protocol/stream-event';
import type { WireExchange } from './create-wire-tap';
import { chatChunk } from '../testing/chat-chunk';
import { collectWarnings } from '../testing/collect-warnings';
import { plainReader } from '../testing/plain-reader';
import { plainWriter } from '../testing/plain-writer';

// Each misbehaviour a real endpoint was seen to show, played by a loopback server and read
// through the real SDK: what the run is told, and that nothing reaches the console behind its back.

const QUESTION: Message[] = [{ role: 'user', content: 'why are the tests red?' }];

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

async function serve(
  respond: LoopbackServerOptions['respond'],
  options: Partial<OpenAIModelOptions> = {},
): Promise<ModelClient> {
  server = await startLoopbackServer({ respond });
  return createOpenAIModel({
    apiKey: 'sk-test-secret',
    baseURL: server.baseURL,
    model: 'm',
    maxRetries: 0,
    reader: plainReader,
    writer: plainWriter,
    ...options,
  });
}

async function collect(
  model: ModelClient,
  signal?: AbortSignal,
): Promise<{ events: StreamEvent[]; error?: Error }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of model.stream({ messages: QUESTION, tools: [], signal })) {
      events.push(event);
    }
    return { events };
  } catch (error) {
    return { events, error: error as Error };
  }
}

const notices = (events: StreamEvent[]) =>
  events.flatMap((event) => (event.type === 'notice' ? [event.message] : []));

/** Fails the test if the SDK writes to the console instead of raising a notice. */
function watchConsole() {
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((name) =>
    vi.spyOn(console, name).mockImplementation(() => {}),
  );
  return () => spies.flatMap((spy) => spy.mock.calls);
}

describe('createOpenAIModel with a misbehaving endpoint', () => {
  // Fifty real requests can take a while on a busy machine; the limit is generous, nothing is timed.
  it(
    'leaves no abort listener behind on the run signal across 50 requests, and no warning',
    { timeout: 60_000 },
    async () => {
      const scripted = createScriptedModel({ steps: [() => ({ text: 'again' })] });
      const model = await serve((body) => scripted.respond(body));
      const run = new AbortController();
      const warnings = await collectWarnings(async () => {
        for (let turn = 1; turn <= 50; turn++) {
          const { events, error } = await collect(model, run.signal);
          expect(error).toBeUndefined();
          expect(events.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
          expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
        }
      });
      expect(warnings).toEqual([]);
    },
  );

  it('still aborts a request when the run signal fires mid-stream', async () => {
    const run = new AbortController();
    const model = await serve(() => {
      run.abort();
      return [chatChunk({ content: 'late' }, 'stop')];
    });
    const { error } = await collect(model, run.signal);
    // Either the SDK noticed before the body or the stream ended early; both leave nothing attached.
    if (error) expect(error.message).toMatch(/abort/i);
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('says a stream that stops with no finish reason and no [DONE] may be incomplete', async () => {
    const model = await serve(() => ({
      chunks: [chatChunk({ role: 'assistant', content: 'The answer is trunc' })],
      done: false,
    }));
    const { events, error } = await collect(model);
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'text-delta', text: 'The answer is trunc' },
      {
        type: 'notice',
        message: expect.stringMatching(
          /^the stream from http:\/\/127\.0\.0\.1:\d+\/v1 ended with no finish reason and no \[DONE\]: .* may be incomplete$/,
        ),
      },
      { type: 'finish', finishReason: 'unknown', incomplete: true },
    ]);
  });

  it.each([
    [
      'a finish reason but no [DONE]',
      { chunks: [chatChunk({ content: 'ok' }, 'stop')], done: false },
      'stop',
    ],
    [
      '[DONE] but no finish reason',
      { chunks: [chatChunk({ content: 'ok' })], done: true },
      'unknown',
    ],
  ])('takes a stream with %s as complete', async (_name, answer, reason) => {
    const model = await serve(() => answer);
    const { events } = await collect(model);
    expect(events).toEqual([
      { type: 'text-delta', text: 'ok' },
      { type: 'finish', finishReason: reason },
    ]);
  });

  it.each([
    [429, 'Too Many Requests'],
    [500, 'Internal Server Error'],
  ])(
    'announces each retry after a %i with its status and wait, then streams',
    async (status, text) => {
      const consoleCalls = watchConsole();
      let requests = 0;
      const model = await serve(
        () =>
          ++requests <= 2
            ? { status, headers: { 'retry-after-ms': '0' } }
            : [chatChunk({ content: 'fine now' }, 'stop')],
        { maxRetries: 2 },
      );
      const { events, error } = await collect(model);
      expect(error).toBeUndefined();
      expect(events).toEqual([
        {
          type: 'notice',
          message: `the endpoint answered ${status} ${text}; the SDK retries in 0.0 s (retry 1 of 2)`,
        },
        {
          type: 'notice',
          message: `the endpoint answered ${status} ${text}; the SDK retries in 0.0 s (retry 2 of 2)`,
        },
        { type: 'text-delta', text: 'fine now' },
        { type: 'finish', finishReason: 'stop' },
      ]);
      expect(consoleCalls()).toEqual([]);
    },
  );

  it('announces no retry when none is left, and fails with the status', async () => {
    const model = await serve(() => ({ status: 429 }), { maxRetries: 0 });
    const { events, error } = await collect(model);
    expect(notices(events)).toEqual([]);
    expect(error?.message).toMatch(/^explained: 429 /);
  });

  it('masks the key wherever the explanation quotes it, since a body may echo it', async () => {
    const model = await serve(() => ({
      status: 401,
      errorMessage: 'the key sk-test-secret is not valid here',
    }));
    const { error } = await collect(model);
    expect(error?.message).toBe(
      `explained: 401 the key [the OPENAI_API_KEY value] is not valid here (${server!.baseURL})`,
    );
    expect((error?.cause as Error).message).toContain('sk-test-secret');
  });

  it('turns the SDK console output about a bad chunk into notices before the error', async () => {
    const consoleCalls = watchConsole();
    const model = await serve(() => [
      chatChunk({ content: 'Half an ' }),
      { rawData: '{"choices": [oops' },
      chatChunk({ content: 'answer' }, 'stop'),
    ]);
    const { events, error } = await collect(model);
    expect(events[0]).toEqual({ type: 'text-delta', text: 'Half an ' });
    expect(notices(events)).toEqual([
      'the SDK reported: Could not parse message into JSON: {"choices": [oops',
      expect.stringMatching(/^the SDK reported: From chunk: /),
    ]);
    // The reader words the failure; it is handed the SDK's error and the endpoint.
    expect(error?.message).toMatch(/^explained: .*JSON.* \(http:\/\/127\.0\.0\.1:\d+\/v1\)$/);
    expect(error?.cause).toBeInstanceOf(SyntaxError);
    expect(consoleCalls()).toEqual([]);
  });

  it("passes on what the reader's own code throws as it was thrown, not as a failed call", async () => {
    let explained = 0;
    const bug = new TypeError("Cannot read properties of undefined (reading 'delta')");
    const model = await serve(() => [chatChunk({ content: 'Hi' }, 'stop')], {
      reader: {
        async *toStreamEvents(chunks) {
          for await (const _chunk of chunks) throw bug;
        },
        explainFailure: (failure) => {
          explained += 1;
          return plainReader.explainFailure(failure);
        },
      },
    });
    const { error } = await collect(model);
    // The day's command line points at the reader's line that threw; "the call failed" would hide it.
    expect(error).toBe(bug);
    expect(explained).toBe(0);
  });

  it("refuses a reader's text-delta whose text is not a string, saying what the reader must give", async () => {
    const model = await serve(() => [chatChunk({}, 'stop')], {
      reader: {
        async *toStreamEvents(chunks) {
          for await (const chunk of chunks) {
            const content = (chunk.choices[0]?.delta.content ?? undefined) as string;
            yield { type: 'text-delta', text: content };
          }
          yield { type: 'finish', finishReason: 'stop' };
        },
        explainFailure: plainReader.explainFailure,
      },
    });
    const { events, error } = await collect(model);
    expect(events).toEqual([]);
    expect(error?.message).toBe(
      'toStreamEvents gave a text-delta whose text is undefined; give one only for content that is a non-empty string',
    );
  });

  it.each([true, false])(
    'accepts arguments sent as a JSON object as their text, with a notice (stream: %s)',
    async (stream) => {
      const model = await serve(
        () => [
          chatChunk({
            tool_calls: [
              {
                index: 0,
                id: 'call_obj',
                type: 'function',
                function: { name: 'grep', arguments: { pattern: 'divide' } },
              },
            ],
          }),
          chatChunk({}, 'tool_calls'),
        ],
        { stream },
      );
      const { events } = await collect(model);
      expect(events).toEqual([
        {
          type: 'notice',
          message:
            'the endpoint sent the arguments of grep as a JSON object instead of JSON text; they are used as their JSON text',
        },
        {
          type: 'tool-call-delta',
          delta: { index: 0, id: 'call_obj', name: 'grep', argsDelta: '{"pattern":"divide"}' },
        },
        { type: 'finish', finishReason: 'tool_calls' },
      ]);
    },
  );

  it('asks without streaming when stream is false, and converts the answer into the same events', async () => {
    const bodies: unknown[] = [];
    const scripted = createScriptedModel({
      steps: [
        () => ({
          text: 'Two calls.',
          toolCalls: [
            { name: 'glob', args: '{"pattern":"*"}' },
            { name: 'grep', args: '{}' },
          ],
        }),
      ],
      quirks: { indexBase: 1, interleave: true },
    });
    const model = await serve(
      (body) => {
        bodies.push(body);
        return scripted.respond(body);
      },
      { stream: false },
    );
    const { events } = await collect(model);
    expect(bodies[0]).toMatchObject({ stream: false });
    expect(bodies[0]).not.toHaveProperty('stream_options');
    expect(events).toEqual([
      // A whole answer always carries its usage: 22 characters asked, 35 answered, 4 a token.
      { type: 'usage', promptTokens: 6, completionTokens: 9 },
      { type: 'text-delta', text: 'Two calls.' },
      {
        type: 'tool-call-delta',
        delta: { index: 0, id: 'call_1_1', name: 'glob', argsDelta: '{"pattern":"*"}' },
      },
      {
        type: 'tool-call-delta',
        delta: { index: 1, id: 'call_1_2', name: 'grep', argsDelta: '{}' },
      },
      { type: 'finish', finishReason: 'tool_calls' },
    ]);
  });

  it('announces each retry of a refused connection, then hands the failure to the reader', async () => {
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}/v1`;
    const model = createOpenAIModel({
      apiKey: 'sk-test-secret',
      baseURL,
      model: 'm',
      maxRetries: 1,
      reader: plainReader,
      writer: plainWriter,
    });
    const consoleCalls = watchConsole();
    const { events, error } = await collect(model);
    expect(notices(events)).toEqual([
      'could not connect (ECONNREFUSED); the SDK tries again shortly (retry 1 of 1)',
    ]);
    expect(error?.message).toBe(`explained: Connection error. (${baseURL})`);
    expect(error?.message).not.toContain('sk-test-secret');
    expect(consoleCalls()).toEqual([]);
  });

  it('hands each answered request to onExchange: the body sent and the raw chunks, without the key', async () => {
    const exchanges: WireExchange[] = [];
    const sent = [chatChunk({ content: 'hi' }), { rawData: 'not json' }];
    const model = await serve(() => ({ chunks: sent, done: false }), {
      onExchange: (exchange) => exchanges.push(exchange),
    });
    await collect(model);
    expect(exchanges).toEqual([
      {
        request: {
          model: 'm',
          messages: [{ role: 'user', content: 'why are the tests red?' }],
          stream_options: { include_usage: true },
          stream: true,
        },
        streamed: true,
        chunks: sent,
        sawDone: false,
        firstByteMs: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(exchanges)).not.toContain('sk-test-secret');
  });
});

/** A port nothing listens on: bound once by the system, then released. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
