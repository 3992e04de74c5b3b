import { CONTROL_CHARACTERS, escapeControlCharacters } from '@agent-course/core';
import { plural } from './plural';

/**
 * A file's text as the model reads it: each control character written out as its escape (`\x1b`,
 * `\x00`, `\r`, `\u202e`) and, when there was one, a last line saying how many. Source code often
 * holds those four characters as text; the count is how the model tells an escape written out
 * from one the file spells, and the line says what to send to match such a character.
 */
export function writeOutControlCharacters(text: string): string {
  const count = text.match(CONTROL_CHARACTERS)?.length ?? 0;
  if (count === 0) return text;
  return `${escapeControlCharacters(text)}\n[${plural({ count, noun: 'control character' })} written out above as escapes such as \\x1b, \\x00 or \\r: each stands for one character the file or its name holds, not for the text; to match one, send the character itself, e.g. "\\u001b" in JSON]`;
}
