import { globWorkspace } from '../glob/glob-workspace';
import { grepWorkspace } from '../grep/grep-workspace';
import { readWorkspaceFile } from '../read/read-workspace-file';
import type { WorkspaceAnswer } from '../workspace-answer';

/** The engine behind each read-only tool, by the tool's name. */
const ENGINES = {
  glob: globWorkspace,
  grep: grepWorkspace,
  read_file: readWorkspaceFile,
} as const;

/** The name of a read-only tool whose engine callEngine can run. */
export type EngineName = keyof typeof ENGINES;

/**
 * Calls the engine behind a read-only tool with arguments as a model would send them (already
 * valid for the tool's schema), so tables of calls can name tools rather than functions.
 */
export function callEngine({
  tool,
  cwd,
  args,
  signal,
}: {
  tool: string;
  cwd: string;
  args: Record<string, unknown>;
  signal?: AbortSignal;
}): Promise<WorkspaceAnswer> {
  if (!(tool in ENGINES)) throw new Error(`no engine for ${tool}; use glob, grep or read_file`);
  const engine = ENGINES[tool as EngineName] as (options: object) => Promise<WorkspaceAnswer>;
  return engine({ ...args, cwd, ...(signal ? { signal } : {}) });
}

/** An answer as a tool hands it to the model: whether it worked, and the text either way. */
export interface EngineOutcome {
  ok: boolean;
  content: string;
}

/** The answer in the shape a tool result has, so tests can compare exact texts of both kinds. */
export function toOutcome(answer: WorkspaceAnswer): EngineOutcome {
  return answer.ok ? { ok: true, content: answer.text } : { ok: false, content: answer.error };
}

/** What a tool's run receives besides its arguments (a ToolContext). */
export interface EngineContext {
  cwd: string;
  signal: AbortSignal;
}

/**
 * Calls `engine` the way a tool's run does, with the tool's arguments and context, and gives the
 * answer in the shape of a tool result: engine tests then read like the tool tests they replace.
 */
export async function runAsTool<Options extends { cwd: string; signal?: AbortSignal }>(
  engine: (options: Options) => Promise<WorkspaceAnswer>,
  args: Omit<Options, 'cwd' | 'signal'>,
  context: EngineContext,
): Promise<EngineOutcome> {
  return toOutcome(await engine({ ...args, ...context } as Options));
}
