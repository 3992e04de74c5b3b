/** The longest text made so far: every shorter one is its start, so it is made once per process. */
let longest = '';

/**
 * Text of exactly `length` characters in which no stretch repeats: numbered words in base 36, so a
 * head or tail taken from the wrong place cannot match by accident.
 */
export function nonRepetitiveText(length: number): string {
  if (longest.length < length) {
    const words: string[] = [];
    let size = 0;
    for (let word = 0; size < length; word++) {
      const text = `w${word.toString(36)}${word % 17 === 16 ? '\n' : ' '}`;
      words.push(text);
      size += text.length;
    }
    longest = words.join('');
  }
  return longest.slice(0, length);
}
