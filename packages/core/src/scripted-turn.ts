/** One tool call a scripted turn makes. */
export interface ScriptedToolCall {
  /** The tool's name, sent as written, so a script can call a tool that does not exist. */
  name: string;
  /** The arguments' JSON text, sent as written, so a script can send invalid JSON. */
  args: string;
  /** The call's id; `call_<turn>_<n>` (both counted from 1) when absent. */
  id?: string;
}

/** What the scripted model says in one turn: text first, then its tool calls. */
export interface ScriptedTurn {
  /** The text to stream; none when absent. */
  text?: string;
  /** The calls to stream; a turn with calls ends with the tool-turn finish reason. */
  toolCalls?: ScriptedToolCall[];
}
