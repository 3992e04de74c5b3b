import type { ToolRegistry } from '@agent-course/finished-d3';
import type { ToolCall, ToolDef } from '@agent-course/core';

/**
 * The registry, with a question in front of every tool that is not read-only: a declined call
 * changes nothing and tells the model so, and the run goes on. This is the stopgap that keeps a
 * real model from writing to a person's repository unasked; day 5 builds the real approval gate.
 */
export function askBeforeWriting({
  registry,
  tools,
  approve,
}: {
  registry: ToolRegistry;
  tools: ToolDef[];
  approve: (call: ToolCall) => Promise<boolean>;
}): ToolRegistry {
  const writing = new Set(tools.filter((tool) => !tool.readOnly).map((tool) => tool.name));
  return {
    list: () => registry.list(),
    async execute(call, context) {
      if (writing.has(call.name) && !(await approve(call))) {
        return {
          ok: false,
          content: `the person declined this ${call.name} call, so nothing was changed or run; ask them what they want instead, or go on without it`,
        };
      }
      return registry.execute(call, context);
    },
  };
}
