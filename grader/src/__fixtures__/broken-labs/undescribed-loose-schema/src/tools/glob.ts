import type { ToolDef } from '@agent-course/core';
import fg from 'fast-glob';
import { z } from 'zod';

// Broken on purpose (tool-schemas): no parameter descriptions, and unknown properties are accepted.
export const GlobParameters = z.object({ pattern: z.string(), limit: z.number().int().optional() });

export const globTool: ToolDef<typeof GlobParameters> = {
  name: 'glob',
  description: 'Find files by name, e.g. "src/**/*.ts"; at most 200 paths.',
  parameters: GlobParameters,
  readOnly: true,
  async run({ pattern, limit = 200 }, { cwd }) {
    if (pattern.includes('..') || pattern.startsWith('/'))
      return { ok: false, content: `${pattern} reaches outside` };
    const paths = (await fg(pattern, { cwd, followSymbolicLinks: false })).sort().slice(0, limit);
    return { ok: true, content: paths.join('\n') };
  },
};
