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
