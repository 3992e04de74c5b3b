/** What a loopback server answers chat requests with. */
export interface LoopbackServerOptions {
  /** Turns a parsed request body into the chunks to stream; a throw becomes an HTTP 500. */
  respond(body: unknown): unknown[] | Promise<unknown[]>;
}

/** A running loopback server. */
export interface LoopbackServer {
  /** The base URL to hand an OpenAI client, e.g. `http://127.0.0.1:51234/v1`. */
  baseURL: string;
  /** Stops the server, cutting any kept-alive connections. */
  close(): Promise<void>;
}
