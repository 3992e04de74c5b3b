// Generated from solutions/d4/src/edits/find-exactly-once.ts (day 4's solution, finished) by
// `pnpm starter d4`. Do not edit it here: change the solution and run that again.
import {
  MAX_LISTED_MATCHES,
  MAX_REPLACEMENTS,
  createLineNumberAt,
  findOccurrences,
  linesIgnoringWhitespace,
  stripLineNumberPrefixes,
} from '@agent-course/workspace';

/** Where old_string is to be replaced, or why the edit changes nothing. */
export type FoundText =
  | {
      ok: true;
      /** The positions in the text where old_string starts: one, or every one with replaceAll. */
      starts: number[];
    }
  | {
      ok: false;
      /** One message for the model: what was wrong, and what to send next. */
      error: string;
    };

/**
 * Finds old_string in a file's text, exactly: it must occur once, or replaceAll must say that
 * every occurrence is meant. Text found nowhere, or in several places, changes nothing and says
 * why, because a guess (the first of several matches, or the closest text) lands on similar code
 * in the wrong place, and a refusal is something the model can act on.
 */
export function findExactlyOnce({
  text,
  oldString,
  replaceAll,
}: {
  /** The file's text, with `\n` line endings (readFileToEdit's `text`). */
  text: string;
  /** The model's old_string, as sent. */
  oldString: string;
  replaceAll: boolean;
}): FoundText {
  const search = oldString.replaceAll('\r\n', '\n');
  // The empty text occurs everywhere; it may only fill an empty file (create_file makes new ones).
  if (search === '') {
    return text === ''
      ? { ok: true, starts: [0] }
      : refuse(
          'old_string is empty, which only fills an empty file, and this one has text; copy the text to replace into old_string, or use create_file for a new file',
        );
  }
  // Counting overlaps ("aa" occurs twice in "aaa"): an edit is unambiguous only when no second
  // position matches, even one overlapping the first. A replace-all takes them left to right.
  // Counting stops one past what a refusal can say: MAX_LISTED_MATCHES places listed, or
  // MAX_REPLACEMENTS changed. findOccurrences rather than an indexOf loop: its time is linear in
  // the file whatever old_string holds, where one indexOf of a long old_string can take minutes.
  const starts = findOccurrences({
    text,
    search,
    overlapping: !replaceAll,
    limit: (replaceAll ? MAX_REPLACEMENTS : MAX_LISTED_MATCHES) + 1,
  });
  const count = starts.length;
  if (count === 0) {
    // Say what to send instead. A match found only after changing the text is a clue for the
    // model's next call, never applied: it could land on similar code elsewhere.
    const unchanged = 'old_string was not found in the file, so nothing was changed';
    // Lines copied from read_file with their "12: " prefixes: the file does not hold the numbers.
    const stripped = stripLineNumberPrefixes(search);
    if (stripped !== undefined) {
      const matches =
        stripped.trim() !== '' &&
        findOccurrences({ text, search: stripped, overlapping: false, limit: 1 }).length > 0;
      return refuse(
        `${unchanged}. Its lines start with line numbers such as "12: ", which read_file shows but the file does not contain; send the text after them${matches ? ' (without them it matches)' : ', exactly as the file has it'}.`,
      );
    }
    const lines = linesIgnoringWhitespace({ text, search });
    if (lines !== undefined) {
      const where =
        lines.first === lines.last ? `line ${lines.first}` : `lines ${lines.first}-${lines.last}`;
      return refuse(
        `${unchanged}. It matches ${where} only if whitespace is ignored, so its indentation, tabs or spacing differ from the file's; read ${where} again and copy them exactly.`,
      );
    }
    return refuse(
      `${unchanged}. Read the file again with read_file and copy the text exactly as it is now, indentation included.`,
    );
  }
  if (count > 1 && !replaceAll) {
    const lineNumberAt = createLineNumberAt(text);
    // Several occurrences on one line (a minified file) name that line once.
    const lines = [...new Set(starts.slice(0, MAX_LISTED_MATCHES).map(lineNumberAt))];
    const cut = count > MAX_LISTED_MATCHES;
    const times = cut ? `more than ${MAX_LISTED_MATCHES} times` : `${count} times`;
    const where = lines.length === 1 && !cut ? 'line' : 'lines';
    return refuse(
      `old_string occurs ${times} (at ${where} ${lines.join(', ')}${cut ? ' and more' : ''}), so nothing was changed; add the lines around the one you mean until it occurs once, or set replace_all to change every one`,
    );
  }
  if (count > MAX_REPLACEMENTS) {
    return refuse(
      `old_string occurs more than ${MAX_REPLACEMENTS} times and one edit changes at most ${MAX_REPLACEMENTS} places, so nothing was changed; make old_string more specific, or change the file with a command such as sed`,
    );
  }
  return { ok: true, starts };
}

function refuse(error: string): FoundText {
  return { ok: false, error };
}
