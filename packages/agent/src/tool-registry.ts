import { checkToolArguments, parseToolArguments, toModelTool } from '@agent-course/core';
import type { ModelTool, ToolCall, ToolContext, ToolDef, ToolResult } from '@agent-course/core';
import { truncateResult } from './truncate-result';

/** The only two things the agent loop knows about tools. */
export interface ToolRegistry {
  /** The tools as the model sees them: name, description and JSON Schema. */
  list(): ModelTool[];
  /** Runs one call and always returns a result; never throws, whatever the model sent. */
  execute(call: ToolCall, context: ToolContext): Promise<ToolResult>;
}

/**
 * Builds the single entry point through which every tool runs. Because every call passes here,
 * this is where bad calls become feedback and where results are kept within budget, once for all tools.
 */
export function createToolRegistry(tools: ToolDef[]): ToolRegistry {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const available = tools.map((tool) => tool.name).join(', ');

  async function runCall(call: ToolCall, context: ToolContext): Promise<ToolResult> {
    const tool = byName.get(call.name);
    if (!tool) return failed(`there is no tool named ${call.name}. Available: ${available}`);

    const parsed = parseToolArguments(call);
    if (!parsed.ok) return failed(parsed.error);

    const checked = checkToolArguments({ tool, value: parsed.value });
    if (!checked.ok) return failed(checked.error);

    try {
      return await tool.run(checked.value, context);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return failed(
        `${tool.name} failed while running: ${reason}. Check the arguments, or try another tool.`,
      );
    }
  }

  return {
    list: () => tools.map(toModelTool),
    async execute(call, context) {
      return truncateResult(await runCall(call, context));
    },
  };
}

function failed(content: string): ToolResult {
  return { ok: false, content };
}
