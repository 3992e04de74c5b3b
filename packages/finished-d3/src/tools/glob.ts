// Generated from solutions/d3/src/tools/glob.ts (day 3's solution, finished) by
// `pnpm starter d3`. Do not edit it here: change the solution and run that again.
import type { ToolDef } from '@agent-course/core';
import {
  DEFAULT_GLOB_LIMIT,
  MAX_GLOB_LIMIT,
  SKIPPED_FOLDERS_TEXT,
  globWorkspace,
} from '@agent-course/workspace';
import { z } from 'zod';

export const GlobParameters = z.strictObject({
  pattern: z
    .string()
    .min(1)
    .describe(
      'Glob pattern relative to the working directory, e.g. "src/**/*.ts" or "**/package.json". Required.',
    ),
  limit: z
    .number()
    .int()
    .positive()
    .max(MAX_GLOB_LIMIT)
    .optional()
    .describe(`Most paths to return. Default ${DEFAULT_GLOB_LIMIT}, at most ${MAX_GLOB_LIMIT}.`),
});
export type GlobParameters = z.infer<typeof GlobParameters>;

export const globTool: ToolDef<typeof GlobParameters> = {
  name: 'glob',
  description: [
    'Find files by name. Returns matching file paths relative to the working directory, one per line, sorted.',
    'Example: {"pattern": "src/**/*.test.ts"}. "*" stays within one folder, "**" crosses folders, "{js,ts}" gives alternatives.',
    `Limits: at most ${DEFAULT_GLOB_LIMIT} paths unless you set limit (up to ${MAX_GLOB_LIMIT}); files only; dot files are included;`,
    `${SKIPPED_FOLDERS_TEXT} are skipped; the pattern must stay inside the working directory.`,
  ].join(' '),
  parameters: GlobParameters,
  readOnly: true,
  async run({ pattern, limit }, { cwd, signal }) {
    // The workspace package walks from cwd, follows no link and bounds every pattern.
    const found = await globWorkspace({ cwd, pattern, limit, signal });
    return found.ok ? { ok: true, content: found.text } : { ok: false, content: found.error };
  },
};
