/** One change to a text: the characters from `start` up to `end` become `text`. */
export interface TextSplice {
  /** The position of the first replaced character in the original text. */
  start: number;
  /** The position just after the last replaced character in the original text. */
  end: number;
  /** What goes in their place, already in the text's own line endings. */
  text: string;
}

/** The text with every splice made; splices are ascending and do not overlap. */
export function applySplices({ text, splices }: { text: string; splices: TextSplice[] }): string {
  let result = '';
  let copiedUpTo = 0;
  for (const splice of splices) {
    result += text.slice(copiedUpTo, splice.start) + splice.text;
    copiedUpTo = splice.end;
  }
  return result + text.slice(copiedUpTo);
}
