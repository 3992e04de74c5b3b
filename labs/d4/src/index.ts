export { createTools } from './create-tools';
export { SYSTEM_PROMPT } from './system-prompt';
export { CreateFileParameters, createCreateFileTool } from './tools/create-file';
export { EditFileParameters, createEditFileTool } from './tools/edit-file';
export { ReadFileParameters, createReadFileTool } from './tools/read-file';
export { RunCommandParameters, describeOutcome, runCommandTool } from './tools/run-command';
// Day 3's finished loop and registry, so the grader drives the lab as `pnpm start` does.
export { DEFAULT_MAX_TURNS, createToolRegistry, runAgent } from '@agent-course/finished-d3';
// Day 1's finished stream reader, so the grader reads the model's stream as `pnpm start` does.
export { streamReader } from '@agent-course/finished-d1';
// Day 2's finished message writer, so the grader writes the model's requests as `pnpm start` does.
export { messageWriter } from '@agent-course/finished-d2';
