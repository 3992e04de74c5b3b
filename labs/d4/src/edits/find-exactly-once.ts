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
  // TODO(1): findExactlyOnce: old_string exactly once; none or many refused in words the model acts on
  //   Match old_string exactly (its \r\n read as \n) in the file's text. Count every occurrence,
  //   overlapping ones too, and stop counting past MAX_REPLACEMENTS. None: say it was not found and
  //   what to send instead (lines that carry read_file's "12: " prefixes: send the text after them;
  //   otherwise read the file again and copy it exactly). Several without replaceAll: name their
  //   lines (createLineNumberAt, at most MAX_LISTED_MATCHES) and suggest more context or
  //   replace_all. With replaceAll, every occurrence, left to right. An empty old_string only fills
  //   an empty file. Never guess: no first match, no fuzzy match.
  return refuse('findExactlyOnce is not written yet');
}

function refuse(error: string): FoundText {
  return { ok: false, error };
}
