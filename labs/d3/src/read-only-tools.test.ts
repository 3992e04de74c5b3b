import { toModelTool } from '@agent-course/core';
import { describe, expect, it } from 'vitest';
import { readOnlyTools } from './read-only-tools';

describe('readOnlyTools', () => {
  it('are glob, grep and read_file, in that order, all read-only', () => {
    expect(readOnlyTools.map((tool) => [tool.name, tool.readOnly])).toEqual([
      ['glob', true],
      ['grep', true],
      ['read_file', true],
    ]);
  });

  it('describe every parameter, with its default or "Required."', () => {
    for (const tool of readOnlyTools) {
      const { properties } = toModelTool(tool).parameters as {
        properties: Record<string, { description?: string }>;
      };
      for (const [name, schema] of Object.entries(properties)) {
        expect(schema.description, `${tool.name}.${name}`).toMatch(/Default|Required\./);
      }
    }
  });

  // What the model reads. A change here changes how models call the tools: review it as such.
  it.each(readOnlyTools.map((tool) => [tool.name, tool] as const))(
    'send %s to the model as pinned',
    (_name, tool) => {
      expect(toModelTool(tool)).toMatchSnapshot();
    },
  );
});
