import { explainMissingText } from './explain-missing-text';
import { findOccurrences } from './find-occurrences';
import { createLineNumberAt } from './line-number-at';
import { lineEndingOf } from './line-ending-of';
import { MAX_LISTED_MATCHES, MAX_REPLACEMENTS } from './limits';
import { normaliseLineEndings } from './normalise-line-endings';
import type { TextSplice } from './text-splice';

/** What to replace: the three fields of an edit call. */
export interface ReplacementRequest {
  /** The file's whole text, as decoded, byte-order mark and `\r\n` endings included. */
  text: string;
  /** The exact text to find; `\r\n` and `\n` in it both match either ending in the file. Empty only to fill an empty text. */
  oldString: string;
  /** What replaces it, in the model's `\n` endings; it gets the file's own endings. */
  newString: string;
  /** Replace every occurrence instead of requiring exactly one. */
  replaceAll?: boolean;
}

/** Why a replacement was refused. */
export type ReplacementRefusal =
  'empty_old_string' | 'no_change' | 'not_found' | 'ambiguous' | 'too_many';

/** The splices that make the replacement, or why nothing may change. */
export type ReplacementPlan =
  | {
      ok: true;
      /** The changes in the original text's positions, ascending and apart. */
      splices: TextSplice[];
    }
  | {
      ok: false;
      /** The kind of refusal, for code that reacts to one kind. */
      reason: ReplacementRefusal;
      /** One message for the model: what was wrong and what to send next. */
      error: string;
      /** For an ambiguous match, the lines of its first occurrences (1-based, each once, at most MAX_LISTED_MATCHES). */
      lines?: number[];
    };

/**
 * Exact replacement, the rule that holds up in practice: the old text must occur exactly once
 * (or replace_all must say every occurrence is meant). A fuzzy fallback that picks the closest
 * text edits similar code in the wrong place; taking the first of several matches does the same
 * silently. Nothing is written here: the plan is positions in the original text, so everything
 * outside them, byte-order mark, line endings and tabs, stays exactly as it was.
 */
export function planReplacement({
  text,
  oldString,
  newString,
  replaceAll = false,
}: ReplacementRequest): ReplacementPlan {
  const search = oldString.replaceAll('\r\n', '\n');
  const replacement = newString.replaceAll('\r\n', '\n');
  if (search === '') {
    // The tool that creates files refuses one that exists, so this is how an empty file gets text.
    if (text === '' && replacement !== '') {
      return { ok: true, splices: [{ start: 0, end: 0, text: replacement }] };
    }
    return refuse(
      'empty_old_string',
      'old_string is empty, which only fills an empty file, and this one has text; copy the text to replace into old_string, or use the tool that creates files for a new file',
    );
  }
  if (search === replacement) {
    return refuse(
      'no_change',
      'old_string and new_string are the same, so the edit would change nothing; send the new text in new_string',
    );
  }
  const normalised = normaliseLineEndings(text);
  const occurrences = findOccurrences({
    text: normalised.text,
    search,
    keep: replaceAll ? MAX_REPLACEMENTS : MAX_LISTED_MATCHES,
    // One more than may be replaced, to tell "too many" apart from "just enough".
    countUpTo: MAX_REPLACEMENTS + 1,
    overlapping: !replaceAll,
  });
  if (occurrences.count === 0) {
    return refuse('not_found', explainMissingText({ text: normalised.text, oldString: search }));
  }
  if (occurrences.count > 1 && !replaceAll) {
    const lineNumberAt = createLineNumberAt(normalised.text);
    // Several occurrences on one line (a minified file, "aa" in "aaa") name that line once.
    const lines = [...new Set(occurrences.starts.map(lineNumberAt))];
    const more = occurrences.count - occurrences.starts.length;
    const rest =
      occurrences.count > MAX_REPLACEMENTS ? ' and more' : more > 0 ? ` and ${more} more` : '';
    const where = lines.length === 1 && rest === '' ? 'line' : 'lines';
    return {
      ok: false,
      reason: 'ambiguous',
      error: `old_string occurs ${timesText(occurrences.count)} (at ${where} ${lines.join(', ')}${rest}), so nothing was changed; add the lines around the one you mean until it occurs once, or set replace_all to change every one`,
      lines,
    };
  }
  if (occurrences.count > MAX_REPLACEMENTS) {
    return refuse(
      'too_many',
      `old_string occurs ${timesText(occurrences.count)} and one edit changes at most ${MAX_REPLACEMENTS} places, so nothing was changed; make old_string more specific, or change the files with a command such as sed`,
    );
  }
  const ending = lineEndingOf(text);
  const inserted = ending === '\n' ? replacement : replacement.replaceAll('\n', ending);
  // Without replace_all there is exactly one start; with it, the starts never overlap, as with
  // String.prototype.replaceAll.
  const splices = occurrences.starts.map((start) => ({
    start: normalised.toOriginalIndex(start),
    end: normalised.toOriginalIndex(start + search.length),
    text: inserted,
  }));
  return { ok: true, splices };
}

/** "3 times", or "more than 10000 times" once the count has stopped at its bound. */
function timesText(count: number): string {
  return count > MAX_REPLACEMENTS ? `more than ${MAX_REPLACEMENTS} times` : `${count} times`;
}

function refuse(reason: ReplacementRefusal, error: string): ReplacementPlan {
  return { ok: false, reason, error };
}
