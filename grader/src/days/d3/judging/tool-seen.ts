import { z } from 'zod';
import type { Drive } from '../../../judging/check';
import { LabThrew } from '../../../process-control/check-process';
import { LabThrow } from '../../../beside-lab/check-process-protocol';
import { MAX_SEEN_TEXT_CHARS } from '../../../beside-lab/observations';
import { readAnswer } from '../../../judging/read-answer';

/** The lab's tools, by the name of their export in `src/index.ts`. */
export type LabTool = 'globTool' | 'grepTool' | 'readFileTool';

/** The most parameters a tool is reported with; a tool of the day has two or three. */
const MAX_PARAMETERS = 200;
/** The longest name (of a tool, a parameter or a JSON Schema type) an answer may carry. */
const MAX_NAME_CHARS = 1_000;
const Name = z.string().max(MAX_NAME_CHARS);

/** One property of a tool's JSON Schema, as the model sees it. */
const ParameterSeen = z.strictObject({
  name: Name,
  description: z.string().max(MAX_SEEN_TEXT_CHARS).optional(),
  /** The JSON Schema type: a name, or a list of them. */
  type: z.union([Name, z.array(Name).max(20)]).optional(),
});

/** What toModelTool made of a tool's parameters: the parts of its JSON Schema the checks read. */
const ParametersSeen = z.strictObject({
  /** The schema's properties, in its order. */
  properties: z.array(ParameterSeen).max(MAX_PARAMETERS),
  /** The schema's `required`, when it is a list. */
  required: z.array(Name).max(MAX_PARAMETERS).optional(),
  /** Whether `additionalProperties` is false: the schema refuses unknown properties. */
  closed: z.boolean(),
});
type ParametersSeen = z.infer<typeof ParametersSeen>;

/** One of the lab's tools as the model sees it. */
export const ToolSeen = z.strictObject({
  name: Name.optional(),
  description: z.string().max(MAX_SEEN_TEXT_CHARS).optional(),
  /** readOnly as the tool sets it; anything but a boolean, as text. */
  readOnly: z.union([z.boolean(), z.string().max(MAX_NAME_CHARS)]).optional(),
  /** Its parameters' JSON Schema, or what the lab's code threw making it. */
  parameters: z.union([ParametersSeen, z.strictObject({ threw: LabThrow })]),
});
export type ToolSeen = z.infer<typeof ToolSeen>;

/** What a tool's zod parameters made of some arguments. */
export const ParsedSeen = z.strictObject({
  success: z.boolean(),
  /** The first issue's message, when they were refused. */
  issue: z.string().max(4_000).optional(),
});
export type ParsedSeen = z.infer<typeof ParsedSeen>;

/** The lab's tools, in the order asked, as the check process sees them. */
export async function seeToolsInLab({
  drive,
  tools,
}: {
  drive: Drive;
  tools: readonly LabTool[];
}): Promise<ToolSeen[]> {
  return readAnswer({
    answer: await drive('describe', { tools }),
    schema: z.array(ToolSeen).length(tools.length),
    what: `${tools.join(', ')} as the model sees them`,
  });
}

/** What one of the lab's tools' parameters make of `args`, in the check process. */
export async function parseInLab({
  drive,
  tool,
  args,
}: {
  drive: Drive;
  tool: LabTool;
  args: unknown;
}): Promise<ParsedSeen> {
  return readAnswer({
    answer: await drive('parse', { tool, args }),
    schema: ParsedSeen,
    what: `${tool}.parameters.safeParse's result`,
  });
}

/**
 * A tool's parameters' JSON Schema; when the lab's code threw making it, that throw, as the check
 * would have met it had it made the schema itself (see labThrewOutcome).
 */
export function parametersOf(tool: ToolSeen): ParametersSeen {
  if ('threw' in tool.parameters) throw new LabThrew(tool.parameters.threw);
  return tool.parameters;
}
