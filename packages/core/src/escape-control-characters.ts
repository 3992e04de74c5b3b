/**
 * The characters nobody may be handed as they are: NUL (some providers refuse a request holding
 * one), the escape sequences, backspaces and bells that act on a terminal, a carriage return that
 * is not part of a `\r\n` (it sends the cursor back over what was written), DEL, the C1 controls
 * and the bidirectional overrides and marks that reorder the text around them (U+061C among
 * them), and the tag characters (U+E0000 to U+E007F, one UTF-16 pair each): invisible in a
 * terminal, they spell ASCII text a model reads and a person does not see (the cost: the three
 * flags drawn with tags, such as Scotland's, show as escapes). Tabs, newlines and `\r\n` stay:
 * text is laid out with them. Global, so use it with replace, match or search, never test.
 */
export const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\udb40[\udc00-\udc7f]|\r(?!\n)/g;

/**
 * The text with each control character written out as its escape (`\x1b`, `\x00`, `\r`,
 * `\u202e`, `\u{e0041}`), for whoever reads it: the model reads what was there instead of a character that
 * means nothing to it or that a provider refuses, and a person's terminal shows the same escapes
 * instead of obeying them (cards, the approval question, the grader's reports), so neither can be
 * rewritten or hidden from by what a model, a command, a file or a lab wrote.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (character) => {
    if (character === '\r') return '\\r';
    // A tag character is two UTF-16 units: written out whole, as JavaScript spells it.
    if (character.length === 2) return `\\u{${(character.codePointAt(0) ?? 0).toString(16)}}`;
    const code = character.charCodeAt(0);
    return code < 0x100
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
