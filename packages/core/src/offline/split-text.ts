/**
 * Cuts text into `pieces` non-empty parts at random places, the way a provider's stream cuts
 * tool-call arguments: inside keys, inside string values, between a backslash and the character
 * it escapes. Fewer parts come back when the text is too short. Cuts never separate the two
 * halves of a surrogate pair, so every part is valid text on its own.
 */
export function splitText(options: {
  text: string;
  pieces: number;
  random: () => number;
}): string[] {
  const { text, random } = options;
  if (text === '') return [];
  const allowed: number[] = [];
  for (let position = 1; position < text.length; position += 1) {
    if (!isLowSurrogate(text.charCodeAt(position))) allowed.push(position);
  }
  const cuts: number[] = [];
  const wanted = Math.min(Math.max(options.pieces, 1) - 1, allowed.length);
  while (cuts.length < wanted) {
    const [cut] = allowed.splice(Math.floor(random() * allowed.length), 1);
    if (cut !== undefined) cuts.push(cut);
  }
  cuts.sort((left, right) => left - right);
  return [0, ...cuts].map((start, index) => text.slice(start, cuts[index] ?? text.length));
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
