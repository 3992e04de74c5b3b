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
