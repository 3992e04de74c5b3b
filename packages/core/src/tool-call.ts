/** One tool call the model asked for, complete once every streamed fragment has been merged. */
export interface ToolCall {
  /** The provider's id for the call; the tool message that answers it repeats this id. */
  id: string;
  /** The tool's name as the model wrote it; it may name a tool that does not exist. */
  name: string;
  /** The raw JSON text of the arguments, parsed only after all fragments are joined. */
  args: string;
}
