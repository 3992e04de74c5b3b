import { toModelTool } from '@agent-course/core';
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

  async function runCall(call: ToolCall, context: ToolContext): Promise<ToolResult> {
    // TODO(2): execute: never throw; turn every failure into a result the model can act on
    //   Return { ok: false, content } for each of four failures, in your own words, saying what to
    //   do next. The grader reads what each message contains: an unknown tool names the unknown
    //   name and every tool name in the registry; invalid JSON says the arguments are not valid
    //   JSON (the word JSON) and where (the parser's message or a position); a schema violation
    //   names the field and the type or limit it expects (tool.parameters.safeParse lists each
    //   issue's path and message); a tool whose run throws names the tool and the error's message.
    //   Empty arguments ('') mean {}.
    const tool = byName.get(call.name)!;
    return tool.run(JSON.parse(call.args), context);
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

/** What a thrown value says, whether or not it is an Error. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
