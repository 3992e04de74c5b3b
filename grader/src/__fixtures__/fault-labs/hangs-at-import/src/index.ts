// Faulty on purpose: importing the lab's entry never finishes.
for (;;) {
  // spin
}

export type { AgentEvent } from './agent-event';
export { createTerminalRenderer } from './create-terminal-renderer';
export { INJECTIONS, createMockScript } from './mock-script';
export type { Injection } from './mock-script';
export { readOnlyTools } from './read-only-tools';
export { resolveInsideWorkspace } from './resolve-inside-workspace';
export { DEFAULT_MAX_TURNS, runAgent } from './run-agent';
export type { RunAgentOptions, RunAgentResult, StopReason } from './run-agent';
export { SYSTEM_PROMPT } from './system-prompt';
export { ToolCallAccumulator } from './tool-call-accumulator';
export { createToolRegistry } from './tool-registry';
export type { ToolRegistry } from './tool-registry';
export { globTool } from './tools/glob';
export { grepTool } from './tools/grep';
export { readFileTool } from './tools/read-file';
export { HEAD_SHARE, MAX_RESULT_CHARS, truncateResult, truncationNote } from './truncate-result';
