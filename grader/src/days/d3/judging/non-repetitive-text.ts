/** The digits of a word's number within its block: a block holds 36 × 36 words. */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Every word of a block, split where the block's number goes; made on first use. */
let blockParts: string[] | undefined;
/** The blocks made so far, in order, their total length, and all of them as one text. */
const blocks: string[] = [];
let madeChars = 0;
let longest = '';

/**
 * Text of exactly `length` characters in which no stretch repeats: numbered words (`w`, the
 * block's number and the word's two digits, in base 36), so a head or tail taken from the wrong
 * place cannot match by accident. Every shorter text is the start of a longer one, so the text
 * grows as longer ones are asked for, a block at a time: one join per 1,296 words rather than a
 * string per word (the checks ask for up to 400,000 characters).
 */
export function nonRepetitiveText(length: number): string {
  blockParts ??= splitBlock();
  if (madeChars < length) {
    while (madeChars < length) {
      const block = blockParts.join(blocks.length.toString(36));
      blocks.push(block);
      madeChars += block.length;
    }
    longest = blocks.join('');
  }
  return longest.slice(0, length);
}

/** A block's words around the places its number goes: `w`, number, two digits, a space or a newline. */
function splitBlock(): string[] {
  const parts = ['w'];
  const count = DIGITS.length ** 2;
  for (let word = 0; word < count; word++) {
    const digits = `${DIGITS[Math.floor(word / DIGITS.length)]}${DIGITS[word % DIGITS.length]}`;
    const separator = word % 17 === 16 ? '\n' : ' ';
    parts.push(word === count - 1 ? `${digits}${separator}` : `${digits}${separator}w`);
  }
  return parts;
}
