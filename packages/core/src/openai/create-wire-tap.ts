import { describeCause } from './describe-cause';

/** One successful request to an endpoint and everything its answer carried, as it crossed the wire. */
export interface WireExchange {
  /** The request body as sent. Credentials travel in headers, which are never kept. */
  request: unknown;
  /** True when the answer was a stream of server-sent events, false for one JSON body. */
  streamed: boolean;
  /**
   * Each event's data parsed as JSON, or `{ rawData }` when it did not parse; for a JSON body,
   * the body. `[DONE]` is not included: `sawDone` says whether it came.
   */
  chunks: unknown[];
  /** Whether the stream ended with `data: [DONE]`. */
  sawDone: boolean;
  /** Milliseconds from sending the request to the first byte of the answer's body. */
  firstByteMs?: number;
}

/** Statuses the SDK retries on (besides an explicit `x-should-retry: true`). */
const RETRIED_STATUSES = new Set([408, 409, 429]);
/** The SDK's backoff without a retry-after header: 0.5 s doubling per retry, at most 8 s. */
const FIRST_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 8000;

/** What the tap needs to know about the client it sits under. */
export interface WireTapOptions {
  /** How many retries the SDK makes, to say whether it will retry and which one this is. */
  maxRetries: number;
  /** Receives a sentence for each retry, as it starts waiting. */
  onNotice(message: string): void;
  /** Where requests really go; the global fetch when absent. */
  fetch?: typeof fetch;
}

/** A fetch for the SDK that watches what crosses the wire. */
export interface WireTap {
  /** Hand this to the SDK as its `fetch`. */
  fetch: typeof fetch;
  /** The last successful answer so far, read once the body has been consumed. */
  exchange(): WireExchange | undefined;
}

/**
 * Sits between the SDK and the network for one model request. It copies every server-sent event
 * of a successful answer as it passes (for RECORD and `pnpm probe`), notes whether `[DONE]` came
 * (the SDK does not say), and announces each retry with its status and wait. To make the wait it
 * announces the wait the SDK makes, it writes the delay into `retry-after-ms`, which the SDK obeys.
 */
export function createWireTap(options: WireTapOptions): WireTap {
  let current: WireExchange | undefined;
  let finishCurrent: () => void = () => {};
  const send = options.fetch ?? fetch;
  const tapped: typeof fetch = async (input, init) => {
    const retry = Number(new Headers(init?.headers).get('x-stainless-retry-count') ?? 0);
    const willRetry = retry < options.maxRetries;
    const startedAt = performance.now();
    let response: Response;
    try {
      response = await send(input, init);
    } catch (error) {
      if (willRetry && !init?.signal?.aborted) {
        options.onNotice(
          `could not connect (${describeCause(error)}); the SDK tries again shortly (retry ${retry + 1} of ${options.maxRetries})`,
        );
      }
      throw error;
    }
    if (!response.ok) {
      if (!willRetry || !isRetried(response)) return response;
      const waitMs = retryDelayMs({ headers: response.headers, retry });
      options.onNotice(
        `the endpoint answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}; the SDK retries in ${(waitMs / 1000).toFixed(1)} s (retry ${retry + 1} of ${options.maxRetries})`,
      );
      const headers = new Headers(response.headers);
      headers.set('retry-after-ms', String(Math.round(waitMs)));
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    }
    finishCurrent();
    const exchange: WireExchange = {
      request: readRequestBody(init?.body),
      streamed: (response.headers.get('content-type') ?? '').includes('text/event-stream'),
      chunks: [],
      sawDone: false,
    };
    current = exchange;
    if (!response.body) return response;
    const reader = createEventReader(exchange);
    finishCurrent = () => reader.finish();
    const decoder = new TextDecoder();
    const copy = new TransformStream<Uint8Array, Uint8Array>({
      transform(bytes, controller) {
        exchange.firstByteMs ??= performance.now() - startedAt;
        reader.push(decoder.decode(bytes, { stream: true }));
        controller.enqueue(bytes);
      },
      flush() {
        reader.push(decoder.decode());
        reader.finish();
      },
    });
    return new Response(response.body.pipeThrough(copy), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return {
    fetch: tapped,
    exchange() {
      finishCurrent();
      return current;
    },
  };
}

/** Collects server-sent events (or a whole JSON body) from text as it arrives. */
function createEventReader(exchange: WireExchange): { push(text: string): void; finish(): void } {
  let buffer = '';
  let finished = false;
  const take = (data: string) => {
    if (data === '[DONE]') {
      exchange.sawDone = true;
      return;
    }
    try {
      exchange.chunks.push(JSON.parse(data));
    } catch {
      exchange.chunks.push({ rawData: data });
    }
  };
  const takeEvent = (block: string) => {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (data.length > 0) take(data.join('\n'));
  };
  return {
    push(text) {
      if (finished) return;
      buffer += text;
      if (!exchange.streamed) return;
      let end = buffer.search(/\r?\n\r?\n/);
      while (end >= 0) {
        takeEvent(buffer.slice(0, end));
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        end = buffer.search(/\r?\n\r?\n/);
      }
    },
    finish() {
      if (finished) return;
      finished = true;
      if (!exchange.streamed) {
        if (buffer.trim() !== '') take(buffer);
      } else if (buffer.trim() !== '') {
        takeEvent(buffer);
      }
      buffer = '';
    },
  };
}

function readRequestBody(body: unknown): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** The SDK's own rule: an explicit header first, then timeouts, conflicts, rate limits, 5xx. */
function isRetried(response: Response): boolean {
  const header = response.headers.get('x-should-retry');
  if (header === 'true') return true;
  if (header === 'false') return false;
  return RETRIED_STATUSES.has(response.status) || response.status >= 500;
}

/** The server's retry-after-ms or retry-after when it sent one, else the SDK's backoff. */
function retryDelayMs(options: { headers: Headers; retry: number }): number {
  const { headers, retry } = options;
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (!Number.isNaN(milliseconds)) return Math.max(0, milliseconds);
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number.parseFloat(retryAfter);
    if (!Number.isNaN(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  const backoff = Math.min(FIRST_RETRY_DELAY_MS * 2 ** retry, MAX_RETRY_DELAY_MS);
  // The same jitter as the SDK: up to a quarter less, so many clients do not retry in step.
  return backoff * (1 - Math.random() * 0.25);
}
