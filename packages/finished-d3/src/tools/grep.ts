// Generated from solutions/d3/src/tools/grep.ts (day 3's solution, finished) by
// `pnpm starter d3`. Do not edit it here: change the solution and run that again.
import type { ToolDef } from '@agent-course/core';
import {
  DEFAULT_GREP_LIMIT,
  GREP_FILE_TIME_LIMIT_MS,
  GREP_SEARCH_TIME_LIMIT_MS,
  MAX_GREP_FILE_BYTES,
  MAX_GREP_LIMIT,
  MAX_GREP_LINE_CHARS,
  SKIPPED_FOLDERS_TEXT,
  grepWorkspace,
} from '@agent-course/workspace';
import { z } from 'zod';

export const GrepParameters = z.strictObject({
  pattern: z
    .string()
    .min(1)
    .describe(
      'Regular expression in RE2 syntax (as ripgrep), case-sensitive unless it starts with (?i), e.g. "TODO|FIXME" or "export (const|function) run". Required.',
    ),
  include: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Glob that narrows which files are searched, e.g. "*.ts" (any depth) or "src/**/*.test.ts". Default: every file.',
    ),
  limit: z
    .number()
    .int()
    .positive()
    .max(MAX_GREP_LIMIT)
    .optional()
    .describe(
      `Most matching lines to return. Default ${DEFAULT_GREP_LIMIT}, at most ${MAX_GREP_LIMIT}.`,
    ),
});
export type GrepParameters = z.infer<typeof GrepParameters>;

const MEGABYTE = 1024 * 1024;

export const grepTool: ToolDef<typeof GrepParameters> = {
  name: 'grep',
  description: [
    'Search file contents with a regular expression. Returns one line per match as path:line:content, files in path order, so a hit can be opened with read_file.',
    "Each line is matched on its own: a match never spans a line break, ^ and $ are the line's start and end.",
    'Example: {"pattern": "export (async )?function", "include": "*.ts"}. Escape ( ) [ ] { } . * + ? | with a backslash to match them literally.',
    'Syntax is RE2, as in ripgrep: \\p{L} is a letter in any script, \\w \\d \\s \\b are ASCII, (?i) ignores case, no lookaround or backreferences.',
    `Limits: ${DEFAULT_GREP_LIMIT} matching lines unless you set limit (up to ${MAX_GREP_LIMIT}); each line cut to ${MAX_GREP_LINE_CHARS} characters;`,
    `binary files, files over ${MAX_GREP_FILE_BYTES / MEGABYTE} MB, ${SKIPPED_FOLDERS_TEXT} are skipped. Narrow with include first: it is much cheaper than a broad search.`,
    `A file that takes over ${GREP_FILE_TIME_LIMIT_MS / 1000} s is skipped and named; a search is cut after ${GREP_SEARCH_TIME_LIMIT_MS / 1000} s with what it found.`,
  ].join(' '),
  parameters: GrepParameters,
  readOnly: true,
  async run({ pattern, include, limit }, { cwd, signal }) {
    // The workspace package checks the expression and include, then searches line by line.
    const found = await grepWorkspace({ cwd, pattern, include, limit, signal });
    return found.ok ? { ok: true, content: found.text } : { ok: false, content: found.error };
  },
};
