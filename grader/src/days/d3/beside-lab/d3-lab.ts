import type {
  Message,
  ModelClient,
  MessageWriter,
  ModelTool,
  StreamReader,
  ToolCall,
  ToolCallDelta,
  ToolContext,
  ToolDef,
  ToolResult,
} from '@agent-course/core';
import { findMissingExports, importLabFile } from '../../../beside-lab/import-lab-file';
import { LabLoadError } from '../../../beside-lab/lab-load-error';

/** The registry a day-3 lab builds. */
export interface D3Registry {
  /** The tools as the model sees them. */
  list(): ModelTool[];
  /** Runs one call; must never throw. */
  execute(call: ToolCall, context: ToolContext): Promise<ToolResult>;
}

/** What the grader uses from a day-3 lab's `src/index.ts`. */
export interface D3Lab {
  /** Merges streamed fragments into calls (exercise 1). */
  ToolCallAccumulator: new () => { push(delta: ToolCallDelta): void; drain(): ToolCall[] };
  /** Builds the registry whose execute never throws (exercise 2). */
  createToolRegistry(tools: ToolDef[]): D3Registry;
  /** Keeps a result within budget (exercise 3). */
  truncateResult(result: ToolResult): ToolResult;
  /** The three read-only tools. */
  globTool: ToolDef;
  grepTool: ToolDef;
  readFileTool: ToolDef;
  /** The three tools, in the order glob, grep, read_file. */
  readOnlyTools: ToolDef[];
  /** The agent loop. */
  runAgent(options: {
    model: ModelClient;
    registry: D3Registry;
    cwd: string;
    question: string;
    maxTurns?: number;
  }): Promise<{ messages: Message[]; stopReason: string; error?: string }>;
}

/** Named exports a day-3 lab must have, with the kind each must be. */
const REQUIRED_EXPORTS: Record<keyof D3Lab, 'function' | 'object'> = {
  ToolCallAccumulator: 'function',
  createToolRegistry: 'function',
  truncateResult: 'function',
  globTool: 'object',
  grepTool: 'object',
  readFileTool: 'object',
  readOnlyTools: 'object',
  runAgent: 'function',
};

/** Imports the lab's entry file; a broken import becomes a LabLoadError saying what broke. */
export async function loadD3Lab(labDir: string): Promise<D3Lab> {
  const module = await importLabFile({ labDir, file: 'src/index.ts' });
  const missing = findMissingExports({ module, required: REQUIRED_EXPORTS });
  if (missing.length > 0) {
    throw new LabLoadError(
      `src/index.ts does not export ${missing.join(', ')}; export each by name`,
    );
  }
  return module as unknown as D3Lab;
}

/** What a scripted run uses of the lab: the parts its `main.ts` builds the command line from. */
export type ScriptedLab = Pick<D3Lab, 'createToolRegistry' | 'readOnlyTools' | 'runAgent'> & {
  /** Day 1's finished reader, as the lab's command line hands it over. */
  streamReader: StreamReader;
  /** Day 2's finished writer, as the lab's command line hands it over. */
  messageWriter: MessageWriter;
};

/**
 * The lab's registry factory, tools and loop from the files its `main.ts` imports them from, not
 * from `src/index.ts`: like the command-line run, a scripted run does not depend on the entry file.
 * The stream reader and the message writer are the ones `main.ts` hands to the command line.
 */
export async function loadScriptedLab(labDir: string): Promise<ScriptedLab> {
  const [registry, tools, loop, main] = await Promise.all([
    importLabFile({ labDir, file: 'src/tool-registry.ts' }),
    importLabFile({ labDir, file: 'src/read-only-tools.ts' }),
    importLabFile({ labDir, file: 'src/run-agent.ts' }),
    importLabFile({ labDir, file: 'src/main.ts' }),
  ]);
  const lab = {
    createToolRegistry: registry.createToolRegistry,
    readOnlyTools: tools.readOnlyTools,
    runAgent: loop.runAgent,
    streamReader: (main.commandLine as { reader?: unknown } | undefined)?.reader,
    messageWriter: (main.commandLine as { writer?: unknown } | undefined)?.writer,
  };
  const missing = Object.entries(lab)
    .filter(([, value]) => value === undefined || value === null)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new LabLoadError(
      `the lab's src files do not export ${missing.join(', ')}; export each by name`,
    );
  }
  return lab as ScriptedLab;
}
