/**
 * Why the provider says a turn ended. Not to be trusted alone: some models report `stop`
 * while still sending tool-call fragments. `unknown` means the stream ended without saying.
 */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'unknown';
