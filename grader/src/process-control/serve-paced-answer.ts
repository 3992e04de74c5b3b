import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** The answer an endpoint of the grader's streams to a lab's real run (see startRealRun). */
export interface ServedAnswer {
  /** The answer's text in the pieces it is sent in. */
  pieces: string[];
  /** What the endpoint says it counted, on a last chunk with no choice, as OpenAI sends it. */
  usage: { promptTokens: number; completionTokens: number };
  /** How long it waits, once the request is in, before the first piece. */
  firstPieceDelayMs: number;
  /** Whether each piece waits until every piece before it shows on the lab's stdout. */
  pacedByStdout: boolean;
}

/** What the endpoint saw of the run, judged by the check that asked for it. */
export interface EndpointSeen {
  /** The chat requests it answered. */
  requests: number;
  /** How many of the answer's pieces it had sent, on the request that got furthest. */
  piecesSent: number;
  /** Whether it sent the whole answer, with its finish reason and usage, on some request. */
  finished: boolean;
}

/** An endpoint of the grader's, on loopback, pacing its answer by what the lab has shown. */
export interface PacedEndpoint {
  /** The base URL to hand the lab as OPENAI_BASE_URL. */
  baseURL: string;
  /** To be told the end of the lab's stdout each time it grows. */
  stdoutGrew(tail: string): void;
  seen(): EndpointSeen;
  /** Stops waiting and serving, cutting any connection still open. */
  close(): Promise<void>;
}

const CHAT_PATH = '/v1/chat/completions';
/** The largest request body read; a day-1 request is a few hundred bytes. */
const MAX_REQUEST_BYTES = 1_000_000;

/**
 * Serves one Chat Completions answer to whoever asks, paced, when the answer says so, by what the
 * lab's stdout shows: it sends a piece only once every piece before it is on the lab's stdout. A
 * program that prints the answer as it arrives gets the whole answer; one that holds the text back
 * until the stream ends waits for a piece that never comes, and what it waited for is what `seen`
 * says. Waiting on what the lab does rather than on a clock keeps a busy machine from failing a
 * correct lab, and the pieces come from the grader, so no lab can print one before it is sent.
 */
export async function servePacedAnswer(answer: ServedAnswer): Promise<PacedEndpoint> {
  let tail = '';
  // One wait for each request being answered, should a lab send several at once.
  const waiting = new Set<{ text: string; resolve: () => void }>();
  const closing = new AbortController();
  const seen: EndpointSeen = { requests: 0, piecesSent: 0, finished: false };

  const untilShown = (text: string) =>
    new Promise<void>((resolve) => {
      if (tail.includes(text) || closing.signal.aborted) return resolve();
      waiting.add({ text, resolve });
    });

  const stream = async (response: ServerResponse) => {
    const send = (chunk: unknown) => response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    const choice = (delta: object, finishReason: string | null = null) => ({
      id: 'chatcmpl-grader',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'grader-model',
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    send(choice({ role: 'assistant', content: '' }));
    await sleep(answer.firstPieceDelayMs, undefined, { signal: closing.signal });
    let shown = '';
    for (const [position, piece] of answer.pieces.entries()) {
      send(choice({ content: piece }));
      seen.piecesSent = Math.max(seen.piecesSent, position + 1);
      shown += piece;
      if (answer.pacedByStdout) await untilShown(shown);
      if (closing.signal.aborted) return;
    }
    send(choice({}, 'stop'));
    send({
      id: 'chatcmpl-grader',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'grader-model',
      choices: [],
      usage: {
        prompt_tokens: answer.usage.promptTokens,
        completion_tokens: answer.usage.completionTokens,
        total_tokens: answer.usage.promptTokens + answer.usage.completionTokens,
      },
    });
    response.write('data: [DONE]\n\n');
    seen.finished = true;
  };

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      if (body === undefined) {
        return refuse(response, 413, `the request is over ${MAX_REQUEST_BYTES} bytes`);
      }
      if (request.method !== 'POST' || request.url?.split('?')[0] !== CHAT_PATH) {
        return refuse(response, 404, `this endpoint only answers POST ${CHAT_PATH}`);
      }
      if (!isStreamedRequest(body)) {
        return refuse(response, 400, 'this endpoint only streams: send stream: true');
      }
      seen.requests += 1;
      await stream(response);
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
    stdoutGrew(latest) {
      tail = latest;
      for (const wait of waiting) {
        if (!tail.includes(wait.text)) continue;
        waiting.delete(wait);
        wait.resolve();
      }
    },
    seen: () => ({ ...seen }),
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        for (const wait of waiting) wait.resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function isStreamedRequest(bodyText: string): boolean {
  try {
    return (JSON.parse(bodyText) as { stream?: unknown } | null)?.stream === true;
  } catch {
    return false;
  }
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message, type: 'invalid_request_error' } }));
}

/**
 * The request's body, or undefined past MAX_REQUEST_BYTES: the lab sends it, and the grader's
 * memory is not the lab's to fill.
 */
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
