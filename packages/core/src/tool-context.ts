/** What a tool may use while it runs. */
export interface ToolContext {
  /** The working directory; every path a tool touches must stay inside it. */
  cwd: string;
  /** Aborted when the person cancels the run; long-running tools should stop early. */
  signal: AbortSignal;
}
