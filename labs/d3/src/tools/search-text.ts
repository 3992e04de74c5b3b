/** One line that matched, with its 1-based number. */
export interface LineMatch {
  /** The line's number in the file, counting from 1. */
  lineNumber: number;
  /** The whole line, without its line break. */
  line: string;
}

/** A file's text and what to look for in it. */
export interface SearchTextOptions {
  /** The file's whole text. */
  text: string;
  /** The expression, compiled with the 'g' and 'm' flags. */
  regex: RegExp;
  /** Stop after this many matching lines. */
  maxLines: number;
}

/**
 * Finds the lines of `text` that match. One search runs over the whole text instead of one per
 * line: a file without a match costs a single scan, and lines are only cut out around hits.
 * A line with several matches counts once, so the search resumes at the next line.
 */
export function searchText({ text, regex, maxLines }: SearchTextOptions): LineMatch[] {
  const matches: LineMatch[] = [];
  let lineNumber = 1;
  let countedUpTo = 0; // line breaks before this index are already in lineNumber
  regex.lastIndex = 0;
  while (matches.length < maxLines) {
    const found = regex.exec(text);
    // An empty match after the final line break is not a line of the file.
    if (found === null || (found.index === text.length && !endsMidLine(text))) break;
    for (let index = text.indexOf('\n', countedUpTo); index !== -1 && index < found.index;) {
      lineNumber += 1;
      index = text.indexOf('\n', index + 1);
    }
    const lineStart = found.index === 0 ? 0 : text.lastIndexOf('\n', found.index - 1) + 1;
    const newline = text.indexOf('\n', found.index);
    const lineEnd = newline === -1 ? text.length : newline;
    matches.push({ lineNumber, line: stripCarriageReturn(text.slice(lineStart, lineEnd)) });
    if (newline === -1) break;
    countedUpTo = newline;
    regex.lastIndex = newline + 1;
  }
  return matches;
}

function endsMidLine(text: string): boolean {
  return text.length > 0 && !text.endsWith('\n');
}

function stripCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
