import { createLineNumberAt } from './line-number-at';
import { DIFF_CONTEXT_LINES, MAX_DIFF_LINE_CHARS, MAX_DIFF_LINES } from './limits';
import type { TextSplice } from './text-splice';

/** A short unified diff of an edit, for the terminal's card and the model's result. */
export interface UnifiedDiff {
  /** The diff: `---`/`+++` headers, `@@` hunks, and a last line saying what was cut, if anything. */
  text: string;
  /** How many diff lines were left out past MAX_DIFF_LINES. */
  cutLines: number;
}

/** A line as a diff shows it, and whether a line break ends it (the file's last may lack one). */
interface DiffLine {
  text: string;
  newline: boolean;
}

/** One changed run of lines: the old lines at `firstLine` become `newLines`. */
interface LineChange {
  firstLine: number;
  oldLines: DiffLine[];
  newLines: DiffLine[];
}

const NO_NEWLINE = '\\ No newline at end of file';

/**
 * The diff of `text` before and after `splices`, built from the splices themselves rather than
 * by comparing two whole files: the changed lines are known exactly, so the cost follows the
 * size of the change, not of the file, and no line is ever paired with the wrong one. Lines are
 * shown with `\n` endings and without the byte-order mark, however the file stores them.
 */
export function createUnifiedDiff({
  path,
  text,
  splices,
}: {
  path: string;
  text: string;
  splices: TextSplice[];
}): UnifiedDiff {
  const output = [`--- a/${path}`, `+++ b/${path}`];
  let cutLines = 0;
  const emit = (line: string) => {
    if (output.length < MAX_DIFF_LINES) output.push(cutLine(line));
    else cutLines += 1;
  };
  const lineAt = createLineReader(text);
  let shift = 0; // lines added minus lines removed by earlier hunks
  for (const hunk of groupIntoHunks(toLineChanges({ text, splices }))) {
    const first = hunk[0]!;
    const last = hunk[hunk.length - 1]!;
    const start = Math.max(1, first.firstLine - DIFF_CONTEXT_LINES);
    const lines: string[] = [];
    let oldCount = 0;
    let newCount = 0;
    let lineNumber = start;
    let context = 0;
    const show = (prefix: string, line: DiffLine | undefined) => {
      if (line === undefined) return;
      lines.push(`${prefix}${line.text}`);
      if (!line.newline) lines.push(NO_NEWLINE);
    };
    for (const change of hunk) {
      for (; lineNumber < change.firstLine; lineNumber += 1, context += 1)
        show(' ', lineAt(lineNumber));
      change.oldLines.forEach((line) => show('-', line));
      change.newLines.forEach((line) => show('+', line));
      oldCount += change.oldLines.length;
      newCount += change.newLines.length;
      lineNumber += change.oldLines.length;
    }
    const end = last.firstLine + last.oldLines.length + DIFF_CONTEXT_LINES;
    for (let line = lineAt(lineNumber); lineNumber < end && line !== undefined;) {
      show(' ', line);
      context += 1;
      lineNumber += 1;
      line = lineAt(lineNumber);
    }
    oldCount += context;
    newCount += context;
    // A range of no lines names the line before it, as diff -u does.
    const oldStart = oldCount === 0 ? start - 1 : start;
    const newStart = newCount === 0 ? start + shift - 1 : start + shift;
    emit(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`);
    lines.forEach(emit);
    shift += newCount - oldCount;
  }
  if (cutLines > 0) {
    output.push(
      `[… ${cutLines} more diff line${cutLines === 1 ? '' : 's'} cut; read the file to see the rest]`,
    );
  }
  return { text: output.join('\n'), cutLines };
}

/**
 * Each splice widened to whole lines; splices sharing a line become one change. The lines both
 * sides have in common at the start and end of a change are left out of it, so replacing
 * "a\nb" with "a\nc" shows one line changed, not two.
 */
function toLineChanges({ text, splices }: { text: string; splices: TextSplice[] }): LineChange[] {
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

/** Changes close enough that their context lines would touch share one hunk. */
function groupIntoHunks(changes: LineChange[]): LineChange[][] {
  const hunks: LineChange[][] = [];
  for (const change of changes) {
    const hunk = hunks.at(-1);
    const previous = hunk?.at(-1);
    const gap = previous ? change.firstLine - (previous.firstLine + previous.oldLines.length) : 0;
    if (hunk && previous && gap <= 2 * DIFF_CONTEXT_LINES) hunk.push(change);
    else hunks.push([change]);
  }
  return hunks;
}

/** Reads line n (1-based) of the text, moving forward from the last line read; undefined past the end. */
function createLineReader(text: string): (lineNumber: number) => DiffLine | undefined {
  let currentLine = 1;
  let currentStart = 0;
  return (lineNumber) => {
    if (lineNumber < currentLine) {
      currentLine = 1;
      currentStart = 0;
    }
    while (currentLine < lineNumber) {
      const newline = text.indexOf('\n', currentStart);
      if (newline === -1) return undefined;
      currentStart = newline + 1;
      currentLine += 1;
    }
    if (currentStart > text.length || (currentStart === text.length && currentLine > 1)) {
      return undefined;
    }
    const lineEnd = endOfLine({ text, index: currentStart });
    return {
      text: splitLines({
        region: text.slice(currentStart, lineEnd),
        atFileStart: currentStart === 0,
        atFileEnd: false,
      })[0]!.text,
      newline: lineEnd < text.length,
    };
  };
}

/** The position where the line holding `index` begins. */
function startOfLine({ text, index }: { text: string; index: number }): number {
  // lastIndexOf takes a negative start as 0 and would find a `\n` at position 0.
  return index === 0 ? 0 : text.lastIndexOf('\n', index - 1) + 1;
}

/** The position of the `\n` ending the line that holds `index`, or the text's length. */
function endOfLine({ text, index }: { text: string; index: number }): number {
  const newline = text.indexOf('\n', index);
  return newline === -1 ? text.length : newline;
}

/**
 * The lines of a region that runs from a line's start to a line's end (excluding its break), as a
 * diff shows them: no `\r` before the break, no byte-order mark at the file's start. At the file's
 * end the region may end with a break (the file's last) or without one (a file lacking it).
 */
function splitLines({
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

function cutLine(line: string): string {
  if (line.length <= MAX_DIFF_LINE_CHARS) return line;
  return `${line.slice(0, MAX_DIFF_LINE_CHARS)} [… ${line.length - MAX_DIFF_LINE_CHARS} more characters cut]`;
}
