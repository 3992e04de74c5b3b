/** Facts about a result for the terminal only; never sent to the model. */
export interface ToolResultMeta {
  /** True when the content was cut to fit the result budget. */
  truncated?: boolean;
  /** The content's length in characters before any cut. */
  originalChars?: number;
  /** Anything else a tool wants to show a person. */
  [key: string]: unknown;
}

/** What a tool call produced: the text fed back to the model, and whether it worked. */
export interface ToolResult {
  /** False when the call failed; the content then says why and what to do next. */
  ok: boolean;
  /** The text fed back to the model. */
  content: string;
  /** Facts for the terminal only; stripped before anything reaches the model. */
  meta?: ToolResultMeta;
}
