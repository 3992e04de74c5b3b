import { DIFF_CONTEXT_LINES, MAX_DIFF_LINE_CHARS, MAX_DIFF_LINES } from './limits';
import { splitsCharacter } from './splits-character';
import type { TextSplice } from './text-splice';
import { endOfLine, splitLines, toLineChanges } from './to-line-changes';
import type { DiffLine, LineChange } from './to-line-changes';

/** A short unified diff of an edit, for the terminal's card and the model's result. */
export interface UnifiedDiff {
  /** The diff: `---`/`+++` headers, `@@` hunks, and a last line saying what was cut, if anything. */
  text: string;
  /** How many diff lines were left out past MAX_DIFF_LINES. */
  cutLines: number;
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
    // Past the last line; an empty text has no line 1 either.
    if (
      currentStart > text.length ||
      (currentStart === text.length && (currentLine > 1 || text === ''))
    ) {
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

function cutLine(line: string): string {
  if (line.length <= MAX_DIFF_LINE_CHARS) return line;
  // Cut between characters: half of an emoji would reach the model as a lone surrogate.
  const kept = splitsCharacter({ text: line, index: MAX_DIFF_LINE_CHARS })
    ? MAX_DIFF_LINE_CHARS - 1
    : MAX_DIFF_LINE_CHARS;
  return `${line.slice(0, kept)} [… ${line.length - kept} more characters cut]`;
}
