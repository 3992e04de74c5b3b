import { createUnifiedDiff } from './create-unified-diff';
import type { UnifiedDiff } from './create-unified-diff';
import { fingerprintBytes } from './file-fingerprint';
import { findLoneSurrogate } from './find-lone-surrogate';
import type { FileFingerprint } from './file-fingerprint';
import { lineEndingOf } from './line-ending-of';
import { MAX_EDITABLE_BYTES } from './limits';
import { formatMegabytes } from './read-file-to-edit';
import type { FileToEdit } from './read-file-to-edit';
import { spliceBytes } from './splice-bytes';
import { splitsCharacter } from './splits-character';

/** An edit's new content, ready to be written, and what it changes. */
export interface SplicedEdit {
  ok: true;
  /** The new content in pieces: the untouched bytes as they were read, and the new text encoded. */
  content: Uint8Array[];
  /** The fingerprint of that content: what the ledger records once it is written. */
  fingerprint: FileFingerprint;
  /** The change as a short unified diff, for the model's result and the terminal's card. */
  diff: UnifiedDiff;
  /** How many places change. */
  replacements: number;
}

/**
 * Puts `newString` in place of `oldString` at each of `starts` (positions in `file.text`, where
 * the edit's search found it), without decoding anything it does not change: the new text gets
 * the file's own line endings, and every byte outside the replaced places, byte-order mark,
 * `\r\n`s and tabs included, is written back exactly as it was read.
 *
 * It refuses half of a character in `oldString` or `newString` (a lone UTF-16 surrogate, which
 * no UTF-8 file holds), a replacement that changes nothing, one that would make the file larger
 * than MAX_EDITABLE_BYTES, and positions where `oldString` does not start or that fall inside a
 * character, which only a mistake in the search can give (the message says so, for the person who
 * wrote that search). So whatever the search, no byte outside the replaced places changes.
 */
export function spliceEdit({
  file,
  relativePath,
  starts,
  oldString,
  newString,
}: {
  file: FileToEdit;
  relativePath: string;
  starts: readonly number[];
  oldString: string;
  newString: string;
}): SplicedEdit | { ok: false; error: string } {
  // The model writes `\n`; a `\r\n` it sends means the same line break.
  const search = oldString.replaceAll('\r\n', '\n');
  const replacement = newString.replaceAll('\r\n', '\n');
  // Checked here, not left to the search: a search that finds "\ud83d" in "😀" finds it honestly,
  // and the splice would then cut the emoji's four bytes apart.
  for (const [name, value] of [
    ['old_string', oldString],
    ['new_string', newString],
  ] as const) {
    const half = findLoneSurrogate(value);
    if (half !== undefined) {
      return {
        ok: false,
        error: `${name} holds half of a character (${half.writtenOut} at position ${half.index}, one of the two UTF-16 halves of a character such as an emoji), which no UTF-8 file can hold, so nothing was changed; send whole characters, the emoji itself rather than one of its halves`,
      };
    }
  }
  if (search === replacement) {
    return {
      ok: false,
      error:
        'old_string and new_string are the same, so the edit would change nothing; send the new text in new_string',
    };
  }
  const misplaced = findMisplacedStart({ text: file.text, search, starts });
  if (misplaced !== undefined) return { ok: false, error: misplaced };

  const { bytes, text, toOriginalIndex } = file.original;
  const ending = lineEndingOf(text);
  const inserted = ending === '\n' ? replacement : replacement.replaceAll('\n', ending);
  const splices = starts.map((start) => ({
    start: toOriginalIndex(start),
    end: toOriginalIndex(start + search.length),
    text: inserted,
  }));
  const content = spliceBytes({ bytes, text, splices });
  // A small file can grow past the limit in one call (a long new_string, or replace_all).
  const newSize = content.reduce((sum, piece) => sum + piece.byteLength, 0);
  if (newSize > MAX_EDITABLE_BYTES) {
    return {
      ok: false,
      error: `the edit would make ${relativePath} ${formatMegabytes(newSize)}, more than the ${formatMegabytes(MAX_EDITABLE_BYTES)} an edited file may hold, so nothing was changed; make a smaller change, or generate the file with a command`,
    };
  }
  return {
    ok: true,
    content,
    fingerprint: fingerprintBytes(content),
    diff: createUnifiedDiff({ path: relativePath, text, splices }),
    replacements: splices.length,
  };
}

/**
 * What is wrong with `starts`, or undefined when each is a place where `search` starts, in
 * ascending order and not overlapping the one before (two overlapping replacements have no single
 * result). Empty `starts` are wrong too: an edit that finds nothing refuses before it splices.
 */
function findMisplacedStart({
  text,
  search,
  starts,
}: {
  text: string;
  search: string;
  starts: readonly number[];
}): string | undefined {
  const problem = (what: string) =>
    `the edit could not be made, so nothing was changed: the search for old_string ${what}; this is a mistake in the tool's code, not in your call`;
  if (starts.length === 0) return problem('found no place but did not refuse the edit');
  // The empty text occurs at every position: it only ever fills an empty file.
  if (search === '' && (text !== '' || starts.length > 1)) {
    return problem('gave a place for an empty old_string in a file that has text');
  }
  let free = 0;
  for (const start of starts) {
    if (!Number.isInteger(start) || start < free || !text.startsWith(search, start)) {
      return problem(
        start < free && Number.isInteger(start)
          ? `gave position ${start}, which is not after the previous one (positions go in ascending order and may not overlap)`
          : `gave position ${String(start)}, where old_string does not start`,
      );
    }
    // Never reached by a whole old_string in a decoded file (neither holds a lone half), but a
    // search that hands out such a place would make the splice cut a character's bytes apart.
    const end = start + search.length;
    const split = [start, end].find((index) => splitsCharacter({ text, index }));
    if (split !== undefined) {
      return problem(
        `gave a match at ${start} to ${end}, and ${split} is inside a character (between the two halves of an emoji or other character past U+FFFF)`,
      );
    }
    free = end;
  }
  return undefined;
}
