import type { ToolDef } from '@agent-course/core';
import { z } from 'zod';
import { checkPatternInside } from '../check-pattern-inside';
import { listFiles } from '../list-files';

// Broken on purpose (tool-schemas): no parameter descriptions, and unknown properties are accepted.
export const GlobParameters = z.object({ pattern: z.string(), limit: z.number().int().optional() });

export const globTool: ToolDef<typeof GlobParameters> = {
  name: 'glob',
  description: 'Find files by name, e.g. "src/**/*.ts"; at most 200 paths.',
  parameters: GlobParameters,
  readOnly: true,
  async run({ pattern, limit = 200 }, { cwd }) {
    const checked = await checkPatternInside({ cwd, pattern });
    if (!checked.ok) return { ok: false, content: checked.error };
    const { files } = await listFiles({ cwd, matcher: checked.matcher });
    return { ok: true, content: files.slice(0, limit).join('\n') };
  },
};
