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
