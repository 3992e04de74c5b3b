/** The ways a real provider's stream is awkward, each one switchable for the scripted model. */
export interface StreamQuirks {
  /** The index of a turn's first tool call; real providers were seen using 0 and 1. Default 0. */
  indexBase?: number;
  /** Parallel calls' fragments alternate instead of arriving one call after the other. */
  interleave?: boolean;
  /** Calls start in reverse order: the last call's head arrives before the first call's. */
  headsOutOfOrder?: boolean;
  /** The fewest fragments a call is sent in, its head included. Default 6. */
  minFragments?: number;
  /** The most fragments a call is sent in, its head included. Default 12. */
  maxFragments?: number;
  /** The finish reason of a turn with tool calls; some models say `stop`. Default `tool_calls`. */
  toolTurnFinishReason?: 'tool_calls' | 'stop';
  /** Fragments carry no `index` field at all; cannot be combined with `interleave`. */
  omitIndex?: boolean;
}
