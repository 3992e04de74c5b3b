/**
 * Whether `index` falls between the two halves of one character, so that a text cut there leaves
 * a lone surrogate on each side. 0 and `text.length` never do.
 */
export function splitsCharacter({ text, index }: { text: string; index: number }): boolean {
  const before = text.charCodeAt(index - 1);
  const after = text.charCodeAt(index);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}
