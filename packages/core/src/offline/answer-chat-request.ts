import { chunksToCompletion } from './chunks-to-completion';
import { isRawEvent } from './raw-event';
import { RefusedRequest } from './refused-request';

/** A fuller answer than a list of chunks: a cut stream, an error status, extra headers. */
export interface LoopbackAnswer {
  /** The events to stream: objects are sent as JSON, a RawEvent exactly as written. */
  chunks?: unknown[];
  /** Whether the stream ends with `data: [DONE]`; default true. False imitates a cut connection. */
  done?: boolean;
  /** Answers with this status and a JSON error body instead of a stream; default 200. */
  status?: number;
  /** The `error.message` of that JSON body, as a real server words it; a plain default when absent. */
  errorMessage?: string;
  /** Extra response headers, e.g. `retry-after-ms` on a 429. */
  headers?: Record<string, string>;
}

/**
 * Turns a parsed request body into the chunks to stream (or a fuller answer); a throw becomes an
 * HTTP 500, or a 400 when it is a RefusedRequest. A request without `stream: true` gets the chunks merged into one completion.
 */
export type RespondToChat = (
  body: unknown,
) => unknown[] | LoopbackAnswer | Promise<unknown[] | LoopbackAnswer>;

/** An HTTP answer, with its body in the pieces it is written in (one per server-sent event). */
export interface ChatAnswer {
  status: number;
  headers: Record<string, string>;
  body: string[];
}

/** The one route a fake Chat Completions endpoint answers. */
export const CHAT_PATH = '/v1/chat/completions';

/**
 * What a fake Chat Completions endpoint answers one request with, whatever carries it: the
 * loopback server writes it to a socket, the in-process fetch hands it to the SDK as a Response.
 * Anything but `POST /v1/chat/completions` with a JSON body gets the error a real server gives.
 */
export async function answerChatRequest({
  method,
  path,
  bodyText,
  respond,
}: {
  method: string;
  path: string;
  bodyText: string;
  respond: RespondToChat;
}): Promise<ChatAnswer> {
  if (method !== 'POST' || path !== CHAT_PATH) {
    return errorAnswer({
      status: 404,
      type: 'not_found',
      message: `no route for ${method} ${path}; this server only answers POST ${CHAT_PATH}`,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return errorAnswer({
      status: 400,
      type: 'invalid_request_error',
      message: 'the request body is not valid JSON; send a JSON chat request',
    });
  }
  const streamed = (body as { stream?: unknown } | null)?.stream === true;
  let answer: LoopbackAnswer;
  try {
    const replied = await respond(body);
    answer = Array.isArray(replied) ? { chunks: replied } : replied;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof RefusedRequest) {
      return errorAnswer({ status: 400, type: 'invalid_request_error', message });
    }
    return errorAnswer({ status: 500, type: 'server_error', message });
  }
  const { chunks = [], done = true, status = 200, headers = {} } = answer;
  if (status !== 200) {
    return errorAnswer({
      status,
      type: 'loopback_error',
      message: answer.errorMessage ?? `the loopback server was told to answer ${status}`,
      headers,
    });
  }
  if (!streamed) {
    return {
      status: 200,
      headers: { 'content-type': 'application/json', ...headers },
      body: [JSON.stringify(chunksToCompletion(chunks))],
    };
  }
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers },
    body: [
      ...chunks.map(
        (chunk) => `data: ${isRawEvent(chunk) ? chunk.rawData : JSON.stringify(chunk)}\n\n`,
      ),
      ...(done ? ['data: [DONE]\n\n'] : []),
    ],
  };
}

function errorAnswer(options: {
  status: number;
  type: string;
  message: string;
  headers?: Record<string, string>;
}): ChatAnswer {
  return {
    status: options.status,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: [JSON.stringify({ error: { message: options.message, type: options.type } })],
  };
}
