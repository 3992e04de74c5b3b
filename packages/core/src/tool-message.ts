/** The result of one tool call, fed back to the model. */
export interface ToolMessage {
  /** Discriminates the message kinds. */
  role: 'tool';
  /** The id of the call this message answers. */
  toolCallId: string;
  /** What the tool returned, or why it failed, in text the model can act on. */
  content: string;
}
