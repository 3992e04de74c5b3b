import { toModelTool, type ToolDef } from '@agent-course/core';
import { describeLabThrow } from '../../../beside-lab/describe-lab-throw';
import type { DrivingPart } from '../../../beside-lab/driving-part';
import { loadD3Lab, type D3Lab } from './d3-lab';
// Types alone from the grader's side of the channel: nothing of the judging parts runs here.
import type { LabTool, ParsedSeen, ToolSeen } from '../judging/tool-seen';

/** The exports of the lab's that are its tools (see LabTool in tool-seen.ts). */
const TOOL_EXPORTS: readonly LabTool[] = ['globTool', 'grepTool', 'readFileTool'];

/** One of the lab's tools, by its export; anything else the grader named is refused. */
export function labTool({ lab, tool }: { lab: D3Lab; tool: LabTool }): ToolDef {
  if (!TOOL_EXPORTS.includes(tool)) throw new Error(`${String(tool)} is not a tool of the lab's`);
  return lab[tool];
}

/**
 * A tool as the model sees it: its name, description and readOnly as they are, and what
 * toModelTool makes of its parameters (or what the lab's code threw making it, reported as data
 * so the grader meets it where the check reads the schema).
 */
export function seeTool({ tool, labDir }: { tool: ToolDef; labDir: string }): ToolSeen {
  const readOnly: unknown = tool.readOnly;
  return {
    name: tool.name,
    description: tool.description,
    readOnly: readOnly === undefined || typeof readOnly === 'boolean' ? readOnly : String(readOnly),
    parameters: seeParameters({ tool, labDir }),
  };
}

function seeParameters({
  tool,
  labDir,
}: {
  tool: ToolDef;
  labDir: string;
}): ToolSeen['parameters'] {
  try {
    const schema = toModelTool(tool).parameters;
    const properties = (schema.properties ?? {}) as Record<
      string,
      { description?: string; type?: string | string[] } | undefined
    >;
    return {
      properties: Object.entries(properties).map(([name, property]) => ({
        name,
        description: property?.description,
        type: property?.type,
      })),
      required: Array.isArray(schema.required) ? (schema.required as string[]) : undefined,
      closed: schema.additionalProperties === false,
    };
  } catch (error) {
    return { threw: describeLabThrow({ error, labDir }) };
  }
}

/** The longest issue message the grader is told (see ParsedSeen). */
export const MAX_ISSUE_CHARS = 4_000;

/**
 * The operations the driving parts of the checks that look at the lab's tools share: what the
 * model is shown of a tool, and what its parameters make of arguments.
 */
export const toolOperations = {
  /** The tools named, in that order, as the model sees them. */
  async describe({ tools }: { tools: LabTool[] }, { labDir }) {
    const lab = await loadD3Lab(labDir);
    return tools.map((tool) => seeTool({ tool: labTool({ lab, tool }), labDir }));
  },
  /** What a tool's parameters make of the arguments. */
  async parse({ tool, args }: { tool: LabTool; args: unknown }, { labDir }): Promise<ParsedSeen> {
    const lab = await loadD3Lab(labDir);
    const parsed = labTool({ lab, tool }).parameters.safeParse(args);
    return parsed.success
      ? { success: true }
      : { success: false, issue: parsed.error.issues[0]?.message.slice(0, MAX_ISSUE_CHARS) };
  },
} satisfies DrivingPart['operations'];
