import { stripLineNumberPrefixes } from './strip-line-number-prefixes';

/**
 * What to tell the model when its old_string occurs nowhere in the file (both with `\n` line
 * endings). It never edits: a match found only after changing the text is a clue for the model's
 * next call, because applying it could land on similar code elsewhere.
 */
export function explainMissingText({
  text,
  oldString,
}: {
  text: string;
  oldString: string;
}): string {
  const unchanged = 'old_string was not found in the file, so nothing was changed';
  const stripped = stripLineNumberPrefixes(oldString);
  if (stripped !== undefined) {
    const found = stripped.trim() !== '' && text.includes(stripped);
    return `${unchanged}. Its lines start with line numbers such as "12: ", which read_file shows but the file does not contain; send the text after them${found ? ' (without them it matches)' : ', exactly as the file has it'}.`;
  }
  const lines = linesIgnoringWhitespace({ text, search: oldString });
  if (lines !== undefined) {
    const where =
      lines.first === lines.last ? `line ${lines.first}` : `lines ${lines.first}-${lines.last}`;
    return `${unchanged}. It matches ${where} only if whitespace is ignored, so its indentation, tabs or spacing differ from the file's; read ${where} again and copy them exactly.`;
  }
  return `${unchanged}. Read the file again with read_file and copy the text exactly as it is now, indentation included.`;
}

/** The lines of the first place `search` occurs once all whitespace is taken out of both texts. */
function linesIgnoringWhitespace({
  text,
  search,
}: {
  text: string;
  search: string;
}): { first: number; last: number } | undefined {
  const squeezedSearch = search.replace(/\s+/g, '');
  if (squeezedSearch === '') return undefined;
  // lineStarts[n] is where line n + 1 begins in the squeezed text.
  const lineStarts: number[] = [];
  let squeezed = '';
  for (const line of text.split('\n')) {
    lineStarts.push(squeezed.length);
    squeezed += line.replace(/\s+/g, '');
  }
  const found = squeezed.indexOf(squeezedSearch);
  if (found === -1) return undefined;
  return {
    first: lineOf({ lineStarts, index: found }),
    last: lineOf({ lineStarts, index: found + squeezedSearch.length - 1 }),
  };
}

/** The 1-based line holding a squeezed position: the last line starting at or before it. */
function lineOf({ lineStarts, index }: { lineStarts: number[]; index: number }): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (lineStarts[middle]! <= index) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}
