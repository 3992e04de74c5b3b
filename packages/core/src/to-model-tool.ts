import { z } from 'zod';
import type { ModelTool } from './model-tool';
import type { ToolDef } from './tool-def';

/**
 * Turns a tool into what the model sees. The JSON Schema is generated from the zod parameters,
 * so the schema the model reads and the one arguments are checked against cannot drift apart.
 */
export function toModelTool(tool: ToolDef): ModelTool {
  const { $schema: _dialect, ...parameters } = z.toJSONSchema(tool.parameters, {
    io: 'input',
  }) as Record<string, unknown>;
  return { name: tool.name, description: tool.description, parameters };
}
