import type { ToolDef } from '@agent-course/core';
import { findLabFrame } from './find-lab-frame';
import type { ToolThrowSeen } from './observations';

/** The first error the lab's tools threw while one input was driven. */
export interface ThrowLog {
  /** Notes a throw; only the first is kept, since later ones often follow from it. */
  note(thrown: { tool: string; error: unknown; args: unknown }): void;
  /**
   * The first throw noted, as the grader is told it: the tool, the message, the lab's line, and
   * (given the lab's tools) whether the arguments fit that tool's schema. Undefined while none.
   */
  seen(options: { labDir: string; tools?: ToolDef[] }): ToolThrowSeen | undefined;
}

export function createThrowLog(): ThrowLog {
  let first: { tool: string; error: unknown; args: unknown } | undefined;
  return {
    note: (thrown) => {
      first ??= thrown;
    },
    seen: ({ labDir, tools }) => {
      if (!first) return undefined;
      const at = findLabFrame({ error: first.error, labDir });
      const tool = tools?.find((candidate) => candidate.name === first?.tool);
      const message = first.error instanceof Error ? first.error.message : String(first.error);
      return {
        tool: first.tool,
        message: message.slice(0, 4_000),
        ...(at ? { at } : {}),
        ...(tool ? { argsFitSchema: tool.parameters.safeParse(first.args).success } : {}),
      };
    },
  };
}

/**
 * The lab's tools, each passing on what it throws after noting it in `log`. Day 3's finished
 * registry turns a throw into a failed result, which keeps the message but loses the stack, so
 * without this a run that failed because read_file threw could not say at which line of the lab
 * it did.
 */
export function recordThrows({ tools, log }: { tools: ToolDef[]; log: ThrowLog }): ToolDef[] {
  return tools.map((tool) => ({
    ...tool,
    async run(args, context) {
      try {
        return await tool.run(args, context);
      } catch (error) {
        log.note({ tool: tool.name, error, args });
        throw error;
      }
    },
  }));
}
