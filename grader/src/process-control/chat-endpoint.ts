import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The one route an endpoint of the grader's answers. */
const CHAT_PATH = '/v1/chat/completions';
/** The largest request body read; a chat of a few turns is a few kilobytes. */
const MAX_REQUEST_BYTES = 1_000_000;

/** A Chat Completions endpoint of the grader's, on loopback, for a lab's real run. */
export interface ChatEndpoint {
  /** The base URL to hand the lab as OPENAI_BASE_URL. */
  baseURL: string;
  /** Stops serving, cutting any connection still open. */
  close(): Promise<void>;
}

/** Writes one streamed answer as server-sent events, in the shapes OpenAI sends. */
export interface AnswerWriter {
  /** A chunk with one choice: a delta, and the finish reason when it is the last. */
  choice(delta: object, finishReason?: string): void;
  /** The chunk with no choice that carries the usage. */
  usage(usage: { promptTokens: number; completionTokens: number }): void;
  /** `data: [DONE]`. */
  done(): void;
}

/**
 * Serves `POST /v1/chat/completions` for streamed requests on loopback: each request's body,
 * parsed, goes to `answer` with a writer for its stream (the head is written already); anything
 * else gets the error a real server gives. A body over MAX_REQUEST_BYTES is refused, since the
 * lab sends it and the grader's memory is not the lab's to fill.
 */
export async function startChatEndpoint(
  answer: (options: {
    body: unknown;
    write: AnswerWriter;
    response: ServerResponse;
  }) => Promise<void>,
  /** An error to answer a request with instead of a stream, as a failing endpoint does; none by default. */
  failure: (body: unknown) => { status: number; message: string } | undefined = () => undefined,
): Promise<ChatEndpoint> {
  const server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      if (text === undefined) {
        return refuse(response, 413, `the request is over ${MAX_REQUEST_BYTES} bytes`);
      }
      if (request.method !== 'POST' || request.url?.split('?')[0] !== CHAT_PATH) {
        return refuse(response, 404, `this endpoint only answers POST ${CHAT_PATH}`);
      }
      const body = parse(text);
      if ((body as { stream?: unknown } | undefined)?.stream !== true) {
        return refuse(response, 400, 'this endpoint only streams: send stream: true');
      }
      const failed = failure(body);
      // As the SDK reads it: the failure is the answer, not something to try again.
      if (failed)
        return refuse(response, failed.status, failed.message, { 'x-should-retry': 'false' });
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
      });
      await answer({ body, write: answerWriter(response), response });
      response.end();
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function answerWriter(response: ServerResponse): AnswerWriter {
  const send = (chunk: unknown) => response.write(`data: ${JSON.stringify(chunk)}\n\n`);
  const head = {
    id: 'chatcmpl-grader',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'grader-model',
  };
  return {
    choice: (delta, finishReason) =>
      send({ ...head, choices: [{ index: 0, delta, finish_reason: finishReason ?? null }] }),
    usage: ({ promptTokens, completionTokens }) =>
      send({
        ...head,
        choices: [],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
      }),
    done: () => response.write('data: [DONE]\n\n'),
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
}

/** The request's body, or undefined past MAX_REQUEST_BYTES. */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let bytes = 0;
    request.on('data', (part: Buffer) => {
      bytes += part.length;
      if (bytes <= MAX_REQUEST_BYTES) parts.push(part);
    });
    request.on('end', () =>
      resolve(bytes > MAX_REQUEST_BYTES ? undefined : Buffer.concat(parts).toString('utf8')),
    );
    request.on('error', reject);
  });
}
