import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chunksToCompletion } from './chunks-to-completion';

/** One server-sent event written exactly as given: how a test sends data that is not JSON. */
export interface RawEvent {
  /** The text after `data: `, sent as is. */
  rawData: string;
}

/** A fuller answer than a list of chunks: a cut stream, an error status, extra headers. */
export interface LoopbackAnswer {
  /** The events to stream: objects are sent as JSON, a RawEvent exactly as written. */
  chunks?: unknown[];
  /** Whether the stream ends with `data: [DONE]`; default true. False imitates a cut connection. */
  done?: boolean;
  /** Answers with this status and a JSON error body instead of a stream; default 200. */
  status?: number;
  /** Extra response headers, e.g. `retry-after-ms` on a 429. */
  headers?: Record<string, string>;
}

/** What a loopback server answers chat requests with. */
export interface LoopbackServerOptions {
  /**
   * Turns a parsed request body into the chunks to stream (or a fuller answer); a throw becomes
   * an HTTP 500. A request without `stream: true` gets the chunks merged into one completion.
   */
  respond(body: unknown): unknown[] | LoopbackAnswer | Promise<unknown[] | LoopbackAnswer>;
}

/** A running loopback server. */
export interface LoopbackServer {
  /** The base URL to hand an OpenAI client, e.g. `http://127.0.0.1:51234/v1`. */
  baseURL: string;
  /** Stops the server, cutting any kept-alive connections. */
  close(): Promise<void>;
}

/** True for `{ rawData: string }`, the one shape no Chat Completions chunk has. */
export function isRawEvent(value: unknown): value is RawEvent {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as { rawData?: unknown }).rawData === 'string'
  );
}

const CHAT_PATH = '/v1/chat/completions';

/**
 * Serves a fake Chat Completions endpoint on 127.0.0.1 at a random free port, streaming whatever
 * `respond` returns as server-sent events (or, for a request without `stream: true`, one merged
 * completion). Talking to it through the real SDK means offline runs go through the same code
 * path as a real endpoint, and an answer can misbehave the way real servers do.
 */
export async function startLoopbackServer(options: LoopbackServerOptions): Promise<LoopbackServer> {
  const server = createServer((request, response) => {
    void handle({ request, response, respond: options.respond });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}

async function handle(options: {
  request: IncomingMessage;
  response: ServerResponse;
  respond: LoopbackServerOptions['respond'];
}): Promise<void> {
  const { request, response, respond } = options;
  const path = (request.url ?? '').split('?')[0];
  if (request.method !== 'POST' || path !== CHAT_PATH) {
    sendError({
      response,
      status: 404,
      type: 'not_found',
      message: `no route for ${request.method} ${path}; this server only answers POST ${CHAT_PATH}`,
    });
    return;
  }
  let answer: LoopbackAnswer;
  let streamed: boolean;
  try {
    const text = await readBody(request);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      sendError({
        response,
        status: 400,
        type: 'invalid_request_error',
        message: 'the request body is not valid JSON; send a JSON chat request',
      });
      return;
    }
    streamed = (body as { stream?: unknown } | null)?.stream === true;
    const replied = await respond(body);
    answer = Array.isArray(replied) ? { chunks: replied } : replied;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    sendError({ response, status: 500, type: 'server_error', message });
    return;
  }
  const { chunks = [], done = true, status = 200, headers = {} } = answer;
  if (status !== 200) {
    sendError({
      response,
      status,
      type: 'loopback_error',
      message: `the loopback server was told to answer ${status}`,
      headers,
    });
    return;
  }
  if (!streamed) {
    response.writeHead(200, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(chunksToCompletion(chunks)));
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    ...headers,
  });
  for (const chunk of chunks) {
    response.write(`data: ${isRawEvent(chunk) ? chunk.rawData : JSON.stringify(chunk)}\n\n`);
  }
  response.end(done ? 'data: [DONE]\n\n' : undefined);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

function sendError(options: {
  response: ServerResponse;
  status: number;
  type: string;
  message: string;
  headers?: Record<string, string>;
}): void {
  options.response.writeHead(options.status, {
    'content-type': 'application/json',
    ...options.headers,
  });
  options.response.end(JSON.stringify({ error: { message: options.message, type: options.type } }));
}
