import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerChatRequest, type RespondToChat } from './answer-chat-request';

/** What a loopback server answers chat requests with. */
export interface LoopbackServerOptions {
  /**
   * Turns a parsed request body into the chunks to stream (or a fuller answer); a throw becomes
   * an HTTP 500. A request without `stream: true` gets the chunks merged into one completion.
   */
  respond: RespondToChat;
}

/** A running loopback server. */
export interface LoopbackServer {
  /** The base URL to hand an OpenAI client, e.g. `http://127.0.0.1:51234/v1`. */
  baseURL: string;
  /** Stops the server, cutting any kept-alive connections. */
  close(): Promise<void>;
}

/**
 * Serves a fake Chat Completions endpoint on 127.0.0.1 at a random free port, streaming whatever
 * `respond` returns as server-sent events (or, for a request without `stream: true`, one merged
 * completion). Talking to it through the real SDK means offline runs go through the same code
 * path as a real endpoint, and an answer can misbehave the way real servers do.
 */
export async function startLoopbackServer(options: LoopbackServerOptions): Promise<LoopbackServer> {
  const server = createServer((request, response) => {
    void (async () => {
      const answer = await answerChatRequest({
        method: request.method ?? 'GET',
        path: (request.url ?? '').split('?')[0] ?? '',
        bodyText: await readBody(request),
        respond: options.respond,
      });
      response.writeHead(answer.status, answer.headers);
      // Each event is its own write, as a real server sends them.
      for (const part of answer.body) response.write(part);
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
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}
