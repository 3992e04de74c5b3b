import { CONTROL_CHARACTERS, escapeControlCharacters } from '@agent-course/core';
import { findOccurrences } from '../find-occurrences';

/** An escape as escapeControlCharacters writes one: `\x1b`, `\u202e` or `\r`. */
const WRITTEN_OUT_ESCAPE = /\\x([0-9a-f]{2})|\\u([0-9a-f]{4})|\\r/g;

/**
 * Why old_string was not found when the reason is that it spells, as text, an escape read_file
 * wrote out for a control character (writeOutControlCharacters): the file holds the one
 * character, old_string the letters. Undefined when that is not the reason, so the edit's own
 * not-found answer stands. Never applied as a match: the model sends the character itself.
 */
export function writtenOutEscapeHint({
  text,
  oldString,
}: {
  /** The file's text, with `\n` line endings. */
  text: string;
  /** The model's old_string, as sent. */
  oldString: string;
}): string | undefined {
  const search = oldString.replaceAll('\r\n', '\n');
  if (text.search(CONTROL_CHARACTERS) === -1 || holds({ text, search })) return undefined;
  const spelled = new Map<string, string>();
  const meant = search.replace(WRITTEN_OUT_ESCAPE, (escape, byte?: string, unit?: string) => {
    const character =
      escape === '\\r' ? '\r' : String.fromCharCode(Number.parseInt(byte ?? unit ?? '', 16));
    // Only the escapes read_file writes stand for a character: "\x41" is text in any file.
    if (escapeControlCharacters(character) !== escape) return escape;
    spelled.set(escape, `"\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}"`);
    return character;
  });
  if (spelled.size === 0 || !holds({ text, search: meant })) return undefined;
  const escapes = [...spelled.keys()].join(', ');
  const inJson = [...spelled.values()].join(', ');
  return `old_string was not found in the file, so nothing was changed. It spells ${escapes} as text where read_file wrote out a control character the file holds as one character; send the character itself in old_string (${inJson} inside the JSON string), or change the line with a command such as sed`;
}

/** Whether `search` occurs in `text`, in time linear in both (an includes of a long one may not be). */
function holds({ text, search }: { text: string; search: string }): boolean {
  return (
    search === '' || findOccurrences({ text, search, overlapping: false, limit: 1 }).length > 0
  );
}
