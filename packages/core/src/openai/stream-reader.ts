import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { StreamEvent } from '../protocol/stream-event';

/** A call that failed, as the model client hands it to `explainFailure`. */
export interface CallFailure {
  /** What the SDK threw: an `APIError` with the status and body, a connection error, or other. */
  error: unknown;
  /** The endpoint's URL without credentials, fit to print. */
  endpoint: string;
}

/**
 * How the model client reads what an endpoint sends: the stream's chunks as the kit's events, and
 * a failed call as words a person can act on. Day 1's students write both; every later day runs on
 * day 1's finished ones (`@agent-course/finished-d1`), handed to the client through this seam.
 */
export interface StreamReader {
  /**
   * The events of one streamed answer: its text as it arrives, the usage when the endpoint sends
   * it, the tool-call fragments, and exactly one `finish`, last.
   */
  toStreamEvents(chunks: AsyncIterable<ChatCompletionChunk>): AsyncIterable<StreamEvent>;
  /** One message that says what went wrong and what to do, never a stack or a secret. */
  explainFailure(failure: CallFailure): string;
}
