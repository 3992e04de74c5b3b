// The agent day 3 builds, finished, so later days start from a working loop rather than from a
// student's day-3 lab: each day's exercises are its own, and a day builds on earlier ones through
// packages. Day 3 teaches these files as exercises; what is here is their finished form, generated
// from solutions/d3/src by `pnpm starter d3` (the list is in packages/course/src/finished-packages.ts).
export { DEFAULT_MAX_TURNS, runAgent } from './run-agent';
export type { RunAgentOptions, RunAgentResult, StopReason } from './run-agent';
export { SYSTEM_PROMPT } from './system-prompt';
export { ToolCallAccumulator } from './tool-call-accumulator';
export { createToolRegistry } from './tool-registry';
export type { ToolRegistry } from './tool-registry';
export { MAX_RESULT_CHARS, truncateResult, truncationNote } from './truncate-result';
export { globTool } from './tools/glob';
export { grepTool } from './tools/grep';
export { ReadFileParameters, readFileTool } from './tools/read-file';
