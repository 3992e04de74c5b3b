import type { Message } from './message';
import type { ModelTool } from './tool-def';
import type { StreamEvent } from './stream-event';

/** One request for a model turn. */
export interface ModelRequest {
  /** The whole conversation so far; it is resent every turn. */
  messages: Message[];
  /** The tools the model may call this turn. */
  tools: ModelTool[];
  /** Aborts the request and ends the stream. */
  signal?: AbortSignal;
}

/** Anything that can stream a model turn: a real endpoint or the offline scripted model. */
export interface ModelClient {
  /** Streams one turn as events, ending with exactly one `finish` event. */
  stream(request: ModelRequest): AsyncIterable<StreamEvent>;
}
