import type { ToolDef } from '@agent-course/core';
import { z } from 'zod';
import { checkPatternInside } from '../check-pattern-inside';
import {
  DEFAULT_GREP_LIMIT,
  GREP_TIME_LIMIT_MS,
  MAX_GREP_FILE_BYTES,
  MAX_GREP_LIMIT,
  MAX_GREP_LINE_CHARS,
} from '../limits';
import { SKIPPED_FOLDERS_TEXT, listFiles } from './list-files';
import { plural } from './plural';
import { searchFiles } from './search-files';

export const GrepParameters = z.strictObject({
  pattern: z
    .string()
    .min(1)
    .describe(
      'JavaScript regular expression, case-sensitive, e.g. "TODO|FIXME" or "export (const|function) run". Required.',
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
    'Example: {"pattern": "export (async )?function", "include": "*.ts"}. Escape ( ) [ ] { } . * + ? | with a backslash to match them literally.',
    `Limits: ${DEFAULT_GREP_LIMIT} matching lines unless you set limit (up to ${MAX_GREP_LIMIT}); each line cut to ${MAX_GREP_LINE_CHARS} characters;`,
    `binary files, files over ${MAX_GREP_FILE_BYTES / MEGABYTE} MB, ${SKIPPED_FOLDERS_TEXT} are skipped. Narrow with include first: it is much cheaper than a broad search.`,
    `An expression that runs longer than ${GREP_TIME_LIMIT_MS / 1000} seconds is stopped; avoid nested quantifiers such as (a+)+.`,
  ].join(' '),
  parameters: GrepParameters,
  readOnly: true,
  async run({ pattern, include, limit = DEFAULT_GREP_LIMIT }, { cwd, signal }) {
    let regex: RegExp;
    try {
      regex = new RegExp(pattern, 'gm');
    } catch (error) {
      return {
        ok: false,
        content: `invalid regular expression: ${(error as Error).message}. Fix the pattern; to match ( ) [ ] { } . * + ? | literally, put a backslash before it.`,
      };
    }
    const checked = await checkPatternInside({ cwd, pattern: include ?? '**' });
    if (!checked.ok) return { ok: false, content: checked.error };

    const files = await listFiles({ cwd, pattern: checked.pattern, matchBaseName: true });
    // One more than the limit is enough to know results were withheld; then the search stops.
    const search = await searchFiles({ cwd, files, regex, maxMatches: limit + 1, signal });
    if (!search.ok) {
      return {
        ok: false,
        content: `the regular expression /${pattern}/ took longer than ${GREP_TIME_LIMIT_MS / 1000} s (stopped in ${search.slowFile}), so the search was cancelled. Simplify it: avoid nested quantifiers such as (a+)+ or (.*)*, or narrow include to fewer files.`,
      };
    }
    const { tooLarge } = search;
    const lines = search.matches.map(
      ({ file, lineNumber, line }) => `${file}:${lineNumber}:${cutLine(line)}`,
    );

    const notes: string[] = [];
    if (lines.length > limit) {
      notes.push(
        `[showing the first ${limit} matching lines; more exist (the search stopped at the limit, so their number is unknown). Narrow the pattern or include, or raise limit, at most ${MAX_GREP_LIMIT}]`,
      );
    }
    if (tooLarge > 0) {
      notes.push(
        `[skipped ${plural({ count: tooLarge, noun: 'file' })} over ${MAX_GREP_FILE_BYTES / MEGABYTE} MB; page through a large file with read_file and an offset]`,
      );
    }
    if (lines.length === 0) {
      const scope = include === undefined ? '' : ` matching ${include}`;
      return {
        ok: true,
        content: [
          `no matches for /${pattern}/ in ${plural({ count: files.length, noun: 'file' })}${scope}; widen the pattern (fewer characters, or alternatives such as add|sum)${include === undefined ? '' : ' or drop include'}.`,
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
