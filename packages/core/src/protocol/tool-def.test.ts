import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toModelTool, type ToolDef } from './tool-def';

const readTool: ToolDef = {
  name: 'read_file',
  description: 'Reads a file.',
  parameters: z.strictObject({ path: z.string().describe('the file, e.g. "src/a.ts"') }),
  readOnly: true,
  run: async () => ({ ok: true, content: '' }),
};

describe('toModelTool', () => {
  it('shows the model a JSON Schema with each parameter described, without the dialect', () => {
    const { parameters } = toModelTool(readTool);
    expect(parameters).toMatchObject({
      type: 'object',
      properties: { path: { type: 'string', description: 'the file, e.g. "src/a.ts"' } },
      required: ['path'],
      additionalProperties: false,
    });
    expect(parameters).not.toHaveProperty('$schema');
  });

  it('gives every call its own copy, so changing one changes nothing for the next', () => {
    const first = toModelTool(readTool);
    (first.parameters as { properties: Record<string, unknown> }).properties.path = 'changed';
    expect(toModelTool(readTool).parameters).toMatchObject({
      properties: { path: { type: 'string' } },
    });
  });

  it('follows a new schema: a tool given other parameters is shown those', () => {
    const other = { ...readTool, parameters: z.strictObject({ pattern: z.string() }) };
    expect(Object.keys(toModelTool(other).parameters.properties as object)).toEqual(['pattern']);
  });
});
