import type {
  AgentEvent,
  Message,
  ModelClient,
  ToolCall,
  ToolContext,
  ToolDef,
  ToolResult,
  MessageWriter,
  ModelTool,
  StreamReader,
} from '@agent-course/core';
import type { ReadLedger } from '@agent-course/workspace';
import { findMissingExports, importLabFile } from '../../../beside-lab/import-lab-file';
import { LabLoadError } from '../../../beside-lab/lab-load-error';

/** The registry the lab's loop runs calls through. */
export interface D4Registry {
  list(): ModelTool[];
  execute(call: ToolCall, context: ToolContext): Promise<ToolResult>;
}

/**
 * What the grader uses from a day-4 lab: its tools and day 3's loop. What the offline model plays is
 * the kit's (`@agent-course/sandbox/scenarios/d4`), never a file of the lab's, so editing it changes nothing.
 */
export interface D4Lab {
  /** Today's tools, sharing one ledger: glob, grep, read_file, edit_file, create_file, run_command. */
  createTools(options?: { ledger?: ReadLedger }): ToolDef[];
  /** read_file, recording what it showed in the ledger. */
  createReadFileTool(options: { ledger: ReadLedger }): ToolDef;
  /** edit_file, around findExactlyOnce (exercise 1) and writeIfUnchanged (exercise 2). */
  createEditFileTool(options: { ledger: ReadLedger }): ToolDef;
  /** run_command, around runInProcessGroup (exercise 3). */
  runCommandTool: ToolDef;
  /** Day 3's finished registry and loop, re-exported by the lab from @agent-course/finished-d3. */
  createToolRegistry(tools: ToolDef[]): D4Registry;
  runAgent(options: {
    model: ModelClient;
    registry: D4Registry;
    cwd: string;
    question: string;
    systemPrompt: string;
    maxTurns?: number;
    onEvent?: (event: AgentEvent) => void;
  }): Promise<{ messages: Message[]; stopReason: string; error?: string }>;
  DEFAULT_MAX_TURNS: number;
  /** Day 1's finished reader, re-exported by the lab from @agent-course/finished-d1. */
  streamReader: StreamReader;
  /** Day 2's finished writer, re-exported by the lab from @agent-course/finished-d2. */
  messageWriter: MessageWriter;
}

const REQUIRED_EXPORTS: Record<keyof D4Lab, 'function' | 'object' | 'number'> = {
  createTools: 'function',
  createReadFileTool: 'function',
  createEditFileTool: 'function',
  runCommandTool: 'object',
  createToolRegistry: 'function',
  runAgent: 'function',
  DEFAULT_MAX_TURNS: 'number',
  streamReader: 'object',
  messageWriter: 'object',
};

/** Imports the lab's entry file; a broken import becomes a LabLoadError saying what broke. */
export async function loadD4Lab(labDir: string): Promise<D4Lab> {
  const module = await importLabFile({ labDir, file: 'src/index.ts' });
  const missing = findMissingExports({ module, required: REQUIRED_EXPORTS });
  if (missing.length > 0) {
    throw new LabLoadError(
      `src/index.ts does not export ${missing.join(', ')}; export each by name`,
    );
  }
  return module as unknown as D4Lab;
}
