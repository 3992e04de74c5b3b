// Generated from solutions/d3/src/tool-registry.ts (day 3's solution, finished) by
// `pnpm starter d3`. Do not edit it here: change the solution and run that again.
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
    // Each message is the model's only clue for its next try: say what was wrong, with the exact
    // name, place or field, and what a correct call looks like.
    const tool = byName.get(call.name);
    if (!tool) {
      const available = tools.map((known) => known.name).join(', ');
      return failed(`there is no tool named ${call.name}. Available: ${available}`);
    }

    let value: unknown;
    try {
      // Models send '' for a call without arguments, which means {}.
      value = call.args.trim() === '' ? {} : JSON.parse(call.args);
    } catch (error) {
      // The parser's message says where the text broke ("... at position 21").
      return failed(
        `the arguments for ${tool.name} are not valid JSON (${reasonOf(error)}). ` +
          'Send one complete JSON object, e.g. {"path":"src/index.js"}.',
      );
    }

    const checked = tool.parameters.safeParse(value);
    if (!checked.success) {
      // zod names each wrong field by its path and says what it expected there.
      const fieldProblems = checked.error.issues.map(
        (issue) =>
          `${issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'the arguments'}: ${issue.message}`,
      );
      const parameters = Object.keys(tool.parameters.shape).join(', ');
      return failed(
        `the arguments for ${tool.name} do not match its schema: ${fieldProblems.join('; ')}. ` +
          `Its parameters are: ${parameters}. Fix the arguments and call ${tool.name} again.`,
      );
    }

    try {
      return await tool.run(checked.data, context);
    } catch (error) {
      return failed(
        `${tool.name} failed while running: ${reasonOf(error)}. Check the arguments, or try another tool.`,
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

/** What a thrown value says, whether or not it is an Error. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
