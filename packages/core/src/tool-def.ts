import type { z } from 'zod';
import type { ToolContext } from './tool-context';
import type { ToolResult } from './tool-result';

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
