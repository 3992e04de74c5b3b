import type { RE2JS } from 're2js';

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
  /** The expression, compiled with MULTILINE (compileGrepPattern). */
  regex: RE2JS;
  /** Whether a text with no match at all can be ruled out at once (compileGrepPattern). */
  wholeTextDecides: boolean;
  /** A quick test that rules out a text with no match before the expression runs. */
  mayMatch: (text: string) => boolean;
  /** Stop after this many matching lines. */
  maxLines: number;
}

/**
 * After this many matches that ran across a line break, the rest of the file is searched line by
 * line: each such match costs a search that may run to the end of the file.
 */
const MAX_CROSSING_MATCHES = 8;

/**
 * Finds the lines of `text` that match, each line on its own: a match never runs across a line
 * break. A line ends at "\n" with an optional "\r" before it, which is not part of the line; a
 * lone "\r" or U+2028 is an ordinary character. One search over the whole text comes first: a file
 * without a match costs a single scan, and a match inside one line is that line's match. A match
 * that crosses a line break only says where to look; its first line is then tried on its own.
 */
export function searchText({
  text,
  regex,
  wholeTextDecides,
  mayMatch,
  maxLines,
}: SearchTextOptions): LineMatch[] {
  if (!mayMatch(text)) return [];
  const body = text.includes('\r\n') ? text.replaceAll('\r\n', '\n') : text;
  if (!wholeTextDecides) return searchLines({ body, regex, from: 0, lineNumber: 1, maxLines });
  if (!regex.test(body)) return [];

  const matches: LineMatch[] = [];
  const matcher = regex.matcher(body);
  let lineStart = 0; // the start of line number `lineNumber`
  let lineNumber = 1;
  let crossings = 0;
  while (matches.length < maxLines && lineStart < body.length) {
    if (crossings >= MAX_CROSSING_MATCHES) {
      const rest = searchLines({
        body,
        regex,
        from: lineStart,
        lineNumber,
        maxLines: maxLines - matches.length,
      });
      return [...matches, ...rest];
    }
    if (!matcher.find(lineStart)) break;
    const start = matcher.start();
    for (let index = body.indexOf('\n', lineStart); index !== -1 && index < start;) {
      lineNumber += 1;
      lineStart = index + 1;
      index = body.indexOf('\n', lineStart);
    }
    // An empty match after the final line break is not a line of the file.
    if (start === body.length && (body.length === 0 || body.endsWith('\n'))) break;
    const newline = body.indexOf('\n', start);
    const lineEnd = newline === -1 ? body.length : newline;
    const line = body.slice(lineStart, lineEnd);
    if (matcher.end() <= lineEnd || regex.test(line)) matches.push({ lineNumber, line });
    else crossings += 1;
    if (newline === -1) break;
    lineStart = newline + 1;
    lineNumber += 1;
  }
  return matches;
}

/** The matching lines from `from` (a line start) on, each line searched alone. */
function searchLines(options: {
  body: string;
  regex: RE2JS;
  from: number;
  lineNumber: number;
  maxLines: number;
}): LineMatch[] {
  const { body, regex, maxLines } = options;
  const matches: LineMatch[] = [];
  let lineNumber = options.lineNumber;
  for (
    let start = options.from;
    start < body.length && matches.length < maxLines;
    lineNumber += 1
  ) {
    const newline = body.indexOf('\n', start);
    const end = newline === -1 ? body.length : newline;
    const line = body.slice(start, end);
    if (regex.test(line)) matches.push({ lineNumber, line });
    start = end + 1;
  }
  return matches;
}
