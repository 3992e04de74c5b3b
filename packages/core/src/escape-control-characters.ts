/**
 * Control characters a model cannot be shown as they are: NUL (some providers refuse a request
 * holding one), the escape sequences, backspaces and bells a command prints for a terminal, a
 * carriage return that is not part of a `\r\n` (a progress bar redrawing its line), DEL, the C1
 * controls and the bidirectional overrides that reorder text. Tabs, newlines and `\r\n` stay.
 */
// eslint-disable-next-line no-control-regex
const CONTROL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

/**
 * The text with each control character written out as its escape (`\x1b`, `\x00`, `\r`,
 * `\u202e`), so the model reads what was there instead of a character
 * that means nothing to it or that a provider refuses. For what a person reads, see showableText.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL, (character) => {
    if (character === '\r') return '\\r';
    const code = character.charCodeAt(0);
    return code < 0x100
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
