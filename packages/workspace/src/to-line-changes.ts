import { createLineNumberAt } from './line-number-at';
import type { TextSplice } from './text-splice';

/** A line as a diff shows it, and whether a line break ends it (the file's last may lack one). */
export interface DiffLine {
  /** The line's text, without `\r` before its break or a byte-order mark at the file's start. */
  text: string;
  /** Whether a line break ends it; only a file's last line can lack one. */
  newline: boolean;
}

/** One changed run of lines: the old lines at `firstLine` become `newLines`. */
export interface LineChange {
  /** The 1-based number of the first old line (where the new lines go when none are removed). */
  firstLine: number;
  /** The lines removed. */
  oldLines: DiffLine[];
  /** The lines put in their place. */
  newLines: DiffLine[];
}

/**
 * Each splice widened to whole lines; splices sharing a line become one change. The lines both
 * sides have in common at the start and end of a change are left out of it, so replacing
 * "a\nb" with "a\nc" shows one line changed, not two.
 */
export function toLineChanges({
  text,
  splices,
}: {
  text: string;
  splices: TextSplice[];
}): LineChange[] {
  const lineNumberAt = createLineNumberAt(text);
  const changes: LineChange[] = [];
  for (let index = 0; index < splices.length;) {
    const regionStart = startOfLine({ text, index: splices[index]!.start });
    let regionEnd = endOfLine({ text, index: splices[index]!.end });
    let after = '';
    let copiedUpTo = regionStart;
    // Later splices that begin on the region's last line join this change.
    for (; index < splices.length && splices[index]!.start <= regionEnd; index += 1) {
      const splice = splices[index]!;
      after += text.slice(copiedUpTo, splice.start) + splice.text;
      copiedUpTo = splice.end;
      regionEnd = Math.max(regionEnd, endOfLine({ text, index: splice.end }));
    }
    after += text.slice(copiedUpTo, regionEnd);
    const place = { atFileStart: regionStart === 0, atFileEnd: regionEnd === text.length };
    const oldLines = splitLines({ region: text.slice(regionStart, regionEnd), ...place });
    const newLines = splitLines({ region: after, ...place });
    let firstLine = lineNumberAt(regionStart);
    while (oldLines.length > 0 && newLines.length > 0 && sameLine(oldLines[0]!, newLines[0]!)) {
      oldLines.shift();
      newLines.shift();
      firstLine += 1;
    }
    while (
      oldLines.length > 0 &&
      newLines.length > 0 &&
      sameLine(oldLines.at(-1)!, newLines.at(-1)!)
    ) {
      oldLines.pop();
      newLines.pop();
    }
    if (oldLines.length > 0 || newLines.length > 0) changes.push({ firstLine, oldLines, newLines });
  }
  return changes;
}

/** The position where the line holding `index` begins. */
function startOfLine({ text, index }: { text: string; index: number }): number {
  // lastIndexOf takes a negative start as 0 and would find a `\n` at position 0.
  return index === 0 ? 0 : text.lastIndexOf('\n', index - 1) + 1;
}

/** The position of the `\n` ending the line that holds `index`, or the text's length. */
export function endOfLine({ text, index }: { text: string; index: number }): number {
  const newline = text.indexOf('\n', index);
  return newline === -1 ? text.length : newline;
}

/**
 * The lines of a region that runs from a line's start to a line's end (excluding its break), as a
 * diff shows them: no `\r` before the break, no byte-order mark at the file's start. At the file's
 * end the region may end with a break (the file's last) or without one (a file lacking it).
 */
export function splitLines({
  region,
  atFileStart,
  atFileEnd,
}: {
  region: string;
  atFileStart: boolean;
  atFileEnd: boolean;
}): DiffLine[] {
  const parts = (atFileStart ? region.replace(/^\uFEFF/, '') : region).split('\n');
  const lines = parts.map((line) => ({
    text: line.endsWith('\r') ? line.slice(0, -1) : line,
    newline: true,
  }));
  if (atFileEnd) {
    // The empty text after the file's last break is not a line; a last line without one says so.
    if (parts.at(-1) === '') lines.pop();
    else lines.at(-1)!.newline = false;
  }
  return lines;
}

function sameLine(left: DiffLine, right: DiffLine): boolean {
  return left.text === right.text && left.newline === right.newline;
}
