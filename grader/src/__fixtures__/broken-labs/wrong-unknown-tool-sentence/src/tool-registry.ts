import { toModelTool } from '@agent-course/core';
import type { ModelTool, ToolCall, ToolContext, ToolDef, ToolResult } from '@agent-course/core';
import { truncateResult } from './truncate-result';

export interface ToolRegistry {
  list(): ModelTool[];
  execute(call: ToolCall, context: ToolContext): Promise<ToolResult>;
}

// Broken on purpose (unknown-tool): an unknown tool gets a vague sentence naming no alternatives.
export function createToolRegistry(tools: ToolDef[]): ToolRegistry {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const run = async (call: ToolCall, context: ToolContext): Promise<ToolResult> => {
    const tool = byName.get(call.name);
    if (!tool) return { ok: false, content: 'operation failed: unknown tool' };
    let value: unknown;
    try {
      value = call.args.trim() === '' ? {} : JSON.parse(call.args);
    } catch {
      return { ok: false, content: `the arguments for ${call.name} are not valid JSON` };
    }
    const checked = tool.parameters.safeParse(value);
    if (!checked.success) {
      const fields = checked.error.issues.map((issue) => issue.path.join('.')).join(', ');
      return {
        ok: false,
        content: `the arguments for ${call.name} do not match its schema: ${fields}`,
      };
    }
    try {
      return await tool.run(checked.data, context);
    } catch (error) {
      return {
        ok: false,
        content: `${call.name} failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  };
  return {
    list: () => tools.map(toModelTool),
    execute: async (call, context) => truncateResult(await run(call, context)),
  };
}
