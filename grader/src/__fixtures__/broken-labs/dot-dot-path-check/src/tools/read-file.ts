import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ToolDef } from '@agent-course/core';
import { z } from 'zod';

export const ReadFileParameters = z.strictObject({
  path: z.string().min(1).describe('File path relative to the working directory, e.g. "src/a.js".'),
  offset: z.number().int().positive().optional().describe('Line to start at, from 1.'),
  limit: z.number().int().positive().max(2000).optional().describe('Most lines, at most 2000.'),
});

// Broken on purpose (path-boundary): instead of handing the path to the workspace package, it
// scans the text for "..", so absolute paths, a sibling sharing the root's prefix and symbolic
// links all get through.
export const readFileTool: ToolDef<typeof ReadFileParameters> = {
  name: 'read_file',
  description: 'Read a text file, e.g. {"path": "src/a.js"}; at most 400 lines.',
  parameters: ReadFileParameters,
  readOnly: true,
  async run({ path: requested }, { cwd }) {
    if (requested.includes('..')) {
      return { ok: false, content: `${requested} is outside the working directory` };
    }
    try {
      const text = await readFile(path.resolve(cwd, requested), 'utf8');
      return { ok: true, content: text };
    } catch {
      return { ok: false, content: `no file at ${requested}` };
    }
  },
};
