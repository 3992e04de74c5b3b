import type { ToolDef } from '@agent-course/core';

/** The lab's tools, each passing on what it throws, and the first throw seen. */
export interface RecordedThrows {
  /** The tools to hand the registry: each one the lab's, its throws noted on the way out. */
  tools: ToolDef[];
  /** The first error a tool threw, and the tool's name; undefined while none has. */
  first(): { tool: string; error: unknown } | undefined;
}

/**
 * Notes what the lab's tools throw during a scripted run. Day 3's finished registry turns a throw
 * into a failed result, which keeps the message but loses the stack, so without this a run that
 * failed because read_file threw could not say at which line of the lab it did.
 */
export function recordThrows(tools: ToolDef[]): RecordedThrows {
  let first: { tool: string; error: unknown } | undefined;
  return {
    tools: tools.map((tool) => ({
      ...tool,
      async run(args, context) {
        try {
          return await tool.run(args, context);
        } catch (error) {
          first ??= { tool: tool.name, error };
          throw error;
        }
      },
    })),
    first: () => first,
  };
}
