import type { ToolDef } from '@agent-course/core';
import { z } from 'zod';
import { checkPatternInside } from '../check-pattern-inside';
import { displayPath } from '../display-path';
import { DEFAULT_GLOB_LIMIT, MAX_GLOB_LIMIT } from '../limits';
import { SKIPPED_FOLDERS_TEXT, listFiles } from '../list-files';
import { plural } from './plural';
import { unreadableNote } from './unreadable-note';

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
  async run({ pattern, limit = DEFAULT_GLOB_LIMIT }, { cwd, signal }) {
    const checked = await checkPatternInside({ cwd, pattern });
    if (!checked.ok) return { ok: false, content: checked.error };

    const { files, unreadable } = await listFiles({ cwd, matcher: checked.matcher, signal });
    const notes = unreadable > 0 ? [unreadableNote(unreadable)] : [];
    if (files.length === 0) {
      // The total tells a wrong pattern apart from a folder that really is empty.
      const total = (await listFiles({ cwd, signal })).files.length;
      return {
        ok: true,
        content: [
          `no files match ${pattern}; the working directory holds ${plural({ count: total, noun: 'file' })} (not counting ${SKIPPED_FOLDERS_TEXT}). Check the pattern: "src/*.ts" looks only in src, "src/**/*.ts" also in its subfolders.`,
          ...notes,
        ].join('\n'),
      };
    }
    const shown = files.slice(0, limit).map(displayPath);
    const withheld = files.length - shown.length;
    if (withheld > 0) {
      notes.unshift(
        `[${plural({ count: withheld, noun: 'more file' })} withheld; narrow the pattern (a folder or an extension, e.g. src/**/*.ts) or raise limit, at most ${MAX_GLOB_LIMIT}]`,
      );
    }
    return { ok: true, content: [...shown, ...notes].join('\n') };
  },
};
