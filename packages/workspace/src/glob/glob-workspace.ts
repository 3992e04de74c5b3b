import { checkPatternInside } from '../boundary/check-pattern-inside';
import { DEFAULT_GLOB_LIMIT, MAX_GLOB_LIMIT } from '../limits';
import { displayPath } from '../wording/display-path';
import { plural } from '../wording/plural';
import { unreadableNote } from '../wording/unreadable-note';
import { walkCutNote } from '../wording/walk-cut-note';
import type { WorkspaceAnswer } from '../workspace-answer';
import { SKIPPED_FOLDERS_TEXT, listFiles } from './list-files';

/** A glob call: the pattern the model wrote and where to look. */
export interface GlobWorkspaceOptions {
  /** The working directory; nothing outside it is listed. */
  cwd: string;
  /** A glob relative to cwd, such as "src/**\/*.ts". */
  pattern: string;
  /** The most paths shown; DEFAULT_GLOB_LIMIT when absent. */
  limit?: number;
  /** Stops the walk when aborted. */
  signal?: AbortSignal;
  /** The most entries one call walks past; MAX_WALKED_ENTRIES when absent (smaller in tests). */
  maxEntries?: number;
}

/**
 * The files a pattern matches, one relative path a line, sorted, with a note for what was
 * withheld or could not be read. No match is an answer, not a failure: it counts the files there
 * are, which tells a wrong pattern apart from an empty folder.
 */
export async function globWorkspace({
  cwd,
  pattern,
  limit = DEFAULT_GLOB_LIMIT,
  signal,
  maxEntries,
}: GlobWorkspaceOptions): Promise<WorkspaceAnswer> {
  const checked = await checkPatternInside({ cwd, pattern });
  if (!checked.ok) return checked;
  const walkOptions = {
    ...(signal ? { signal } : {}),
    ...(maxEntries === undefined ? {} : { maxEntries }),
  };

  const { files, unreadable, cutAfterEntries } = await listFiles({
    cwd,
    matcher: checked.matcher,
    ...walkOptions,
  });
  const notes = [
    ...(cutAfterEntries === undefined ? [] : [walkCutNote(cutAfterEntries)]),
    ...(unreadable > 0 ? [unreadableNote(unreadable)] : []),
  ];
  if (files.length === 0 && cutAfterEntries !== undefined) {
    return {
      ok: true,
      text: [`no files match ${pattern} among the entries walked.`, ...notes].join('\n'),
    };
  }
  if (files.length === 0) {
    const everything = await listFiles({ cwd, ...walkOptions });
    const total = everything.files.length;
    const atLeast = everything.cutAfterEntries === undefined ? '' : 'at least ';
    return {
      ok: true,
      text: [
        `no files match ${pattern}; the working directory holds ${atLeast}${plural({ count: total, noun: 'file' })} (not counting ${SKIPPED_FOLDERS_TEXT}). Check the pattern: "src/*.ts" looks only in src, "src/**/*.ts" also in its subfolders.`,
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
  return { ok: true, text: [...shown, ...notes].join('\n') };
}
