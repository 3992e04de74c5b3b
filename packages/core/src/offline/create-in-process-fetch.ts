import { answerChatRequest, type RespondToChat } from './answer-chat-request';

/** The base URL an in-process client is given; nothing listens there, and nothing needs to. */
export const IN_PROCESS_BASE_URL = 'http://in-process.invalid/v1';

/**
 * A `fetch` that answers like the loopback server, without a socket: the request goes through
 * the same `answerChatRequest`, and the answer comes back as a streamed Response, one server-sent
 * event per chunk of its body, for the SDK to parse as it parses a real one. For callers that run
 * many short offline sessions in one process (the grader's check process): each request costs no
 * connection, and the process loads no HTTP server or client. `pnpm start` keeps the loopback
 * server, so a student's offline run crosses a real connection.
 */
export function createInProcessFetch({ respond }: { respond: RespondToChat }): typeof fetch {
  return async (input, init) => {
    const signal = init?.signal ?? undefined;
    throwIfAborted(signal);
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const answer = await answerChatRequest({
      method: init?.method ?? 'GET',
      path: url.pathname,
      bodyText: await readBodyText(init?.body),
      respond,
    });
    throwIfAborted(signal);
    const encoder = new TextEncoder();
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        signal?.addEventListener('abort', () => controller.error(abortError()), { once: true });
      },
      pull(controller) {
        const part = answer.body[next];
        next += 1;
        if (part === undefined) controller.close();
        else controller.enqueue(encoder.encode(part));
      },
    });
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
}

/** The request body as text: the SDK sends a string; anything else is read as fetch would. */
async function readBodyText(body: RequestInit['body']): Promise<string> {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  return new Response(body).text();
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}

/** The error fetch rejects with when its signal aborts, which the SDK recognises by its name. */
function abortError(): DOMException {
  return new DOMException('This operation was aborted', 'AbortError');
}
