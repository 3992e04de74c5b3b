import type { FinishReason } from './finish-reason';
import type { ToolCallDelta } from './tool-call-delta';

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

/** Everything a model stream yields, in order. */
export type StreamEvent = TextDeltaEvent | ToolCallDeltaEvent | NoticeEvent | FinishEvent;
