import { checkPatternInside } from '../boundary/check-pattern-inside';
import { listFiles } from '../glob/list-files';
import { walkCutNote } from '../wording/walk-cut-note';
import { DEFAULT_GREP_LIMIT, MAX_GREP_LIMIT, MAX_GREP_LINE_CHARS } from '../limits';
import { displayPath } from '../wording/display-path';
import { plural } from '../wording/plural';
import { writeOutControlCharacters } from '../wording/write-out-control-characters';
import type { WorkspaceAnswer } from '../workspace-answer';
import { compileGrepPattern } from './compile-grep-pattern';
import { searchFiles } from './search-files';
import { searchNotes } from './search-notes';

/** A grep call: the expression, which files, how many lines. */
export interface GrepWorkspaceOptions {
  /** The working directory; nothing outside it is searched. */
  cwd: string;
  /** A regular expression in RE2 syntax, matched against each line on its own. */
  pattern: string;
  /** A glob narrowing the files searched; a pattern without '/' matches names at any depth. */
  include?: string;
  /** The most matching lines shown; DEFAULT_GREP_LIMIT when absent. */
  limit?: number;
  /** Stops the search between files when aborted. */
  signal?: AbortSignal;
  /** The most entries one call walks past; MAX_WALKED_ENTRIES when absent (smaller in tests). */
  maxEntries?: number;
}

/**
 * The lines that match, as path:line:text in path order, each cut to MAX_GREP_LINE_CHARS, with a
 * note for everything passed over (withheld lines, slow, large or unreadable files, a cut search).
 */
export async function grepWorkspace({
  cwd,
  pattern,
  include,
  limit = DEFAULT_GREP_LIMIT,
  signal = new AbortController().signal,
  maxEntries,
}: GrepWorkspaceOptions): Promise<WorkspaceAnswer> {
  const compiled = compileGrepPattern(pattern);
  if (!compiled.ok) return compiled;
  const checked = await checkPatternInside({ cwd, pattern: include ?? '**', matchBaseName: true });
  if (!checked.ok) return checked;

  const listed = await listFiles({
    cwd,
    matcher: checked.matcher,
    signal,
    ...(maxEntries === undefined ? {} : { maxEntries }),
  });
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
  if (listed.cutAfterEntries !== undefined) notes.unshift(walkCutNote(listed.cutAfterEntries));
  if (lines.length > limit) {
    notes.unshift(
      `[showing the first ${limit} matching lines; more exist (the search stopped at the limit, so their number is unknown). Narrow the pattern or include, or raise limit, at most ${MAX_GREP_LIMIT}]`,
    );
  }
  if (lines.length === 0) {
    const scope = include === undefined ? '' : ` matching ${include}`;
    return {
      ok: true,
      text: [
        `no matches for /${pattern}/ in ${plural({ count: listed.files.length, noun: 'file' })}${scope}; widen the pattern (fewer characters, or alternatives such as add|sum)${include === undefined ? '' : ' or drop include'}.`,
        ...notes,
      ].join('\n'),
    };
  }
  // A matching line's control characters are written out, never sent to the model as they are.
  return {
    ok: true,
    text: writeOutControlCharacters([...lines.slice(0, limit), ...notes].join('\n')),
  };
}

function cutLine(line: string): string {
  return line.length > MAX_GREP_LINE_CHARS ? `${line.slice(0, MAX_GREP_LINE_CHARS)}…` : line;
}
