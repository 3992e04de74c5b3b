/**
 * Text of exactly `length` characters in which no stretch repeats: numbered words in base 36, so a
 * head or tail taken from the wrong place cannot match by accident.
 */
export function nonRepetitiveText(length: number): string {
  let text = '';
  for (let word = 0; text.length < length; word++) {
    text += `w${word.toString(36)}${word % 17 === 16 ? '\n' : ' '}`;
  }
  return text.slice(0, length);
}
