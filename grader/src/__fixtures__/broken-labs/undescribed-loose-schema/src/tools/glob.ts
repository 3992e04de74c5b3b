import type { ToolDef } from '@agent-course/core';
import { z } from 'zod';
import { globWorkspace } from '@agent-course/workspace';

// Broken on purpose (tool-schemas): no parameter descriptions, and unknown properties are accepted.
export const GlobParameters = z.object({ pattern: z.string(), limit: z.number().int().optional() });

export const globTool: ToolDef<typeof GlobParameters> = {
  name: 'glob',
  description: 'Find files by name, e.g. "src/**/*.ts"; at most 200 paths.',
  parameters: GlobParameters,
  readOnly: true,
  async run({ pattern, limit = 200 }, { cwd }) {
    const found = await globWorkspace({ cwd, pattern, limit });
    return found.ok ? { ok: true, content: found.text } : { ok: false, content: found.error };
  },
};
