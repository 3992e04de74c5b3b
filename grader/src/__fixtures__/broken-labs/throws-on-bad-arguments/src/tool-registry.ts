import { toModelTool } from '@agent-course/core';
import type { ModelTool, ToolCall, ToolContext, ToolDef, ToolResult } from '@agent-course/core';
import { truncateResult } from './truncate-result';

export interface ToolRegistry {
  list(): ModelTool[];
  execute(call: ToolCall, context: ToolContext): Promise<ToolResult>;
}

// Broken on purpose (bad-arguments): unknown tools are handled, but bad arguments throw.
export function createToolRegistry(tools: ToolDef[]): ToolRegistry {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const available = tools.map((tool) => tool.name).join(', ');
  return {
    list: () => tools.map(toModelTool),
    async execute(call, context) {
      const tool = byName.get(call.name);
      if (!tool)
        return {
          ok: false,
          content: `there is no tool named ${call.name}. Available: ${available}`,
        };
      const args = tool.parameters.parse(call.args.trim() === '' ? {} : JSON.parse(call.args));
      return truncateResult(await tool.run(args, context));
    },
  };
}
