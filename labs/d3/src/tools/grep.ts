import type { ToolDef } from '@agent-course/core';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { checkPatternInside } from '../check-pattern-inside';
import {
  DEFAULT_GREP_LIMIT,
  MAX_GREP_FILE_BYTES,
  MAX_GREP_LIMIT,
  MAX_GREP_LINE_CHARS,
} from '../limits';
import { isBinary } from './is-binary';
import { SKIPPED_FOLDERS_TEXT, listFiles } from './list-files';
import { plural } from './plural';
import { searchText } from './search-text';

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
    const lines: string[] = [];
    let tooLarge = 0;
    // One more than the limit is enough to know results were withheld; then the search stops.
    for (const file of files) {
      if (lines.length > limit) break;
      signal.throwIfAborted();
      const content = await readSearchableText(path.join(cwd, file));
      if (content.kind === 'too-large') tooLarge += 1;
      if (content.kind !== 'text') continue;
      const maxLines = limit + 1 - lines.length;
      for (const match of searchText({ text: content.text, regex, maxLines })) {
        lines.push(`${file}:${match.lineNumber}:${cutLine(match.line)}`);
      }
    }

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

/** A file's text, or why it is skipped. */
type SearchableText = { kind: 'text'; text: string } | { kind: 'binary' } | { kind: 'too-large' };

/**
 * The file's text, or why it is not searched. The size is checked before reading, and the
 * binary check runs on the raw bytes, before any decoding.
 */
async function readSearchableText(filePath: string): Promise<SearchableText> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    if (size > MAX_GREP_FILE_BYTES) return { kind: 'too-large' };
    const bytes = await handle.readFile();
    if (isBinary(bytes)) return { kind: 'binary' };
    const text = bytes.toString('utf8');
    return { kind: 'text', text: text.startsWith('\uFEFF') ? text.slice(1) : text };
  } finally {
    await handle.close();
  }
}

function cutLine(line: string): string {
  return line.length > MAX_GREP_LINE_CHARS ? `${line.slice(0, MAX_GREP_LINE_CHARS)}…` : line;
}
