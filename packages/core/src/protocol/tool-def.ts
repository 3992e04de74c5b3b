import { z } from 'zod';

/** What a tool may use while it runs. */
export interface ToolContext {
  /** The working directory; every path a tool touches must stay inside it. */
  cwd: string;
  /** Aborted when the person cancels the run; long-running tools should stop early. */
  signal: AbortSignal;
}

/** Facts about a result for the terminal only; never sent to the model. */
export interface ToolResultMeta {
  /** True when the content was cut to fit the result budget. */
  truncated?: boolean;
  /** The content's length in characters before any cut. */
  originalChars?: number;
  /** Anything else a tool wants to show a person. */
  [key: string]: unknown;
}

/** What a tool call produced: the text fed back to the model, and whether it worked. */
export interface ToolResult {
  /** False when the call failed; the content then says why and what to do next. */
  ok: boolean;
  /** The text fed back to the model. */
  content: string;
  /** Facts for the terminal only; stripped before anything reaches the model. */
  meta?: ToolResultMeta;
}

/** A tool as the model sees it: no implementation, only what helps it call the tool well. */
export interface ModelTool {
  /** The tool's verb_noun name. */
  name: string;
  /** What the tool is for, an example of its syntax, and its limits. */
  description: string;
  /** The JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

/** A tool: what the model sees (name, description, parameters) plus how to run it. */
export interface ToolDef<Parameters extends z.ZodObject = z.ZodObject> {
  /** A verb_noun name in snake_case, the shape models call most reliably. */
  name: string;
  /** Written for the model: what the tool is for, an example of its syntax, and its limits. */
  description: string;
  /** The arguments as a zod object; the JSON Schema the model sees is generated from it. */
  parameters: Parameters;
  /** True when the tool only reads; later days ask before running tools that write. */
  readOnly: boolean;
  /** Runs the tool on arguments that already passed the schema. May throw: the registry catches. */
  run(args: z.infer<Parameters>, context: ToolContext): Promise<ToolResult>;
}

/**
 * Each zod schema's JSON Schema, made once: a run lists its tools on every turn, and generating
 * them again each time was a good part of a short run's work. Keyed by the schema object, which
 * zod never changes (every `.describe()` makes a new one).
 */
const generated = new WeakMap<z.ZodObject, Record<string, unknown>>();

/**
 * Turns a tool into what the model sees. The JSON Schema is generated from the zod parameters,
 * so the schema the model reads and the one arguments are checked against cannot drift apart.
 * Each call returns its own copy, so a caller changing it changes nothing for the next.
 */
export function toModelTool(tool: ToolDef): ModelTool {
  let parameters = generated.get(tool.parameters);
  if (!parameters) {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(tool.parameters, {
      io: 'input',
    }) as Record<string, unknown>;
    parameters = rest;
    generated.set(tool.parameters, parameters);
  }
  return {
    name: tool.name,
    description: tool.description,
    parameters: structuredClone(parameters),
  };
}
