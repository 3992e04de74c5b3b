import type { ToolDef } from '@agent-course/core';
import { z } from 'zod';
import { checkPatternInside } from '../check-pattern-inside';
import { compileGrepPattern } from '../compile-grep-pattern';
import { displayPath } from '../display-path';
import {
  DEFAULT_GREP_LIMIT,
  GREP_FILE_TIME_LIMIT_MS,
  GREP_SEARCH_TIME_LIMIT_MS,
  MAX_GREP_FILE_BYTES,
  MAX_GREP_LIMIT,
  MAX_GREP_LINE_CHARS,
} from '../limits';
import { SKIPPED_FOLDERS_TEXT, listFiles } from '../list-files';
import { plural } from './plural';
import { searchFiles } from './search-files';
import { searchNotes } from './search-notes';

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
  async run({ pattern, include, limit = DEFAULT_GREP_LIMIT }, { cwd, signal }) {
    const compiled = compileGrepPattern(pattern);
    if (!compiled.ok) return { ok: false, content: compiled.error };
    const checked = await checkPatternInside({
      cwd,
      pattern: include ?? '**',
      matchBaseName: true,
    });
    if (!checked.ok) return { ok: false, content: checked.error };

    const listed = await listFiles({ cwd, matcher: checked.matcher, signal });
    // One more than the limit is enough to know results were withheld; then the search stops.
    const search = await searchFiles({
      cwd,
      files: listed.files,
      regex: compiled.regex,
      wholeTextDecides: compiled.wholeTextDecides,
      mayMatch: compiled.mayMatch,
      maxMatches: limit + 1,
      signal,
    });
    const lines = search.matches.map(
      ({ file, lineNumber, line }) => `${displayPath(file)}:${lineNumber}:${cutLine(line)}`,
    );
    const notes = searchNotes({
      search,
      unreadable: listed.unreadable + search.unreadable,
      fileCount: listed.files.length,
    });
    if (lines.length > limit) {
      notes.unshift(
        `[showing the first ${limit} matching lines; more exist (the search stopped at the limit, so their number is unknown). Narrow the pattern or include, or raise limit, at most ${MAX_GREP_LIMIT}]`,
      );
    }
    if (lines.length === 0) {
      const scope = include === undefined ? '' : ` matching ${include}`;
      return {
        ok: true,
        content: [
          `no matches for /${pattern}/ in ${plural({ count: listed.files.length, noun: 'file' })}${scope}; widen the pattern (fewer characters, or alternatives such as add|sum)${include === undefined ? '' : ' or drop include'}.`,
          ...notes,
        ].join('\n'),
      };
    }
    return { ok: true, content: [...lines.slice(0, limit), ...notes].join('\n') };
  },
};

function cutLine(line: string): string {
  return line.length > MAX_GREP_LINE_CHARS ? `${line.slice(0, MAX_GREP_LINE_CHARS)}…` : line;
}
