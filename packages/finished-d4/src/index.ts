// The tools day 4 builds, finished, so later days start from working edits and commands rather
// than from a student's day-4 lab. Day 4 teaches these files as exercises; what is here is their
// finished form, generated from solutions/d4/src by `pnpm starter d4` (the list is in
// packages/course/src/finished-packages.ts). The engines they call stay in @agent-course/workspace.
export { createTools } from './create-tools';
export { SYSTEM_PROMPT } from './system-prompt';
export { CreateFileParameters, createCreateFileTool } from './tools/create-file';
export { EditFileParameters, createEditFileTool } from './tools/edit-file';
export { ReadFileParameters, createReadFileTool } from './tools/read-file';
export { RunCommandParameters, describeOutcome, runCommandTool } from './tools/run-command';
