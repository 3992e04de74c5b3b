/** Where a text holds half of a character, and that half written out, as a message names it. */
export interface LoneSurrogate {
  /** Its position in the text, in UTF-16 code units (JavaScript string positions). */
  index: number;
  /** The half written out, such as `\ud83d`, so a message never carries the half itself. */
  writtenOut: string;
}

/**
 * The first lone UTF-16 surrogate in `text`, or undefined when it has none. A character past
 * U+FFFF (an emoji, many CJK extensions) is two code units in a JavaScript string, and JSON lets a
 * model send either one alone ("\ud83d"). No UTF-8 file can hold such a half: encoded it becomes
 * U+FFFD, and measured against the file's bytes it cuts the character's four bytes apart. With
 * the `u` flag a class of surrogates matches only one that is not part of a pair.
 */
export function findLoneSurrogate(text: string): LoneSurrogate | undefined {
  const found = /\p{Cs}/u.exec(text);
  if (found === null) return undefined;
  const unit = text.charCodeAt(found.index);
  return { index: found.index, writtenOut: `\\u${unit.toString(16).padStart(4, '0')}` };
}
