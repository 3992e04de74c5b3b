/**
 * Why the provider says a turn ended. Not to be trusted alone: some models report `stop`
 * while still sending tool-call fragments. `unknown` means the stream ended without saying.
 */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'unknown';

/** One tool call the model asked for, complete once every streamed fragment has been merged. */
export interface ToolCall {
  /** The provider's id for the call; the tool message that answers it repeats this id. */
  id: string;
  /** The tool's name as the model wrote it; it may name a tool that does not exist. */
  name: string;
  /** The raw JSON text of the arguments, parsed only after all fragments are joined. */
  args: string;
}

/** One streamed fragment of a tool call, as the provider sent it. */
export interface ToolCallDelta {
  /** Which call this fragment belongs to; an opaque key that may start at any number. */
  index: number;
  /** The call's id, usually present only in the call's first fragment. */
  id?: string;
  /** The tool's name, usually present only in the call's first fragment. */
  name?: string;
  /** The next piece of the arguments' JSON text; valid JSON only once all pieces are joined. */
  argsDelta?: string;
}

/** A piece of the model's text, to show as it arrives. */
export interface TextDeltaEvent {
  /** Discriminates the event kinds. */
  type: 'text-delta';
  /** The next piece of text. */
  text: string;
}

/** A fragment of a tool call, to merge by its index. */
export interface ToolCallDeltaEvent {
  /** Discriminates the event kinds. */
  type: 'tool-call-delta';
  /** The fragment as the provider sent it. */
  delta: ToolCallDelta;
}

/** The end of a turn; always the last event of a stream, exactly once. */
export interface FinishEvent {
  /** Discriminates the event kinds. */
  type: 'finish';
  /** Why the provider says the turn ended. */
  finishReason: FinishReason;
  /**
   * True when the stream stopped with no finish reason and no `data: [DONE]`: the connection was
   * most likely cut, so the turn may be missing its end. Absent when the stream ended properly.
   */
  incomplete?: boolean;
}

/** Something about the stream a person should see (a retry, an odd chunk); never part of the answer. */
export interface NoticeEvent {
  /** Discriminates the event kinds. */
  type: 'notice';
  /** One sentence: what happened and what it means for this turn. */
  message: string;
}

/** What the answer cost, in the endpoint's own tokens; sent once, near the end, when it is sent. */
export interface UsageEvent {
  /** Discriminates the event kinds. */
  type: 'usage';
  /** The tokens of the request: the whole conversation the endpoint read. */
  promptTokens: number;
  /** The tokens of the answer. */
  completionTokens: number;
}

/** Everything a model stream yields, in order. */
export type StreamEvent =
  TextDeltaEvent | ToolCallDeltaEvent | UsageEvent | NoticeEvent | FinishEvent;
