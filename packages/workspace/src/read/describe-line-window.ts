import { MAX_READ_SCAN_BYTES } from '../limits';
import { plural } from '../wording/plural';
import type { WorkspaceAnswer } from '../workspace-answer';
import type { LineWindow, WindowLine } from './read-line-window';

const MEGABYTE = 1024 * 1024;
/** How far read_file reads into a file, as messages say it. */
const SCAN_LIMIT_TEXT = `the first ${MAX_READ_SCAN_BYTES / MEGABYTE} MB, which is all read_file reads of a file`;

/** A window of a file's lines and where it came from. */
export interface DescribeLineWindowOptions {
  /** The file's path relative to the working directory, as the model gave it. */
  relativePath: string;
  /** The file's size in bytes. */
  fileBytes: number;
  /** The first line asked for. */
  offset: number;
  /** What readLineWindow returned. */
  window: LineWindow;
}

/**
 * The text read_file answers with: a header "path (lines A-B of N)", each line as "number: text",
 * and a note saying how to go on. An offset past the end, or past what read_file reads of a huge
 * file, is a failure that says which offsets work.
 */
export function describeLineWindow({
  relativePath,
  fileBytes,
  offset,
  window: { lines, totalLines, stoppedAfterLines },
}: DescribeLineWindowOptions): WorkspaceAnswer {
  if (totalLines === 0) return { ok: true, text: `${relativePath} is empty (0 lines)` };
  // No line in the window means the whole file was read to find the offset, so the count is known.
  if (lines.length === 0 && totalLines !== undefined) {
    return {
      ok: false,
      error: `${relativePath} has ${plural({ count: totalLines, noun: 'line' })}, so offset ${offset} is past the end; use an offset from 1 to ${totalLines}`,
    };
  }
  if (lines.length === 0 && stoppedAfterLines !== undefined) {
    const reachable =
      stoppedAfterLines === 0
        ? 'they hold only the start of line 1, so use offset 1'
        : `they hold lines 1-${stoppedAfterLines}, so use an offset from 1 to ${stoppedAfterLines}`;
    return {
      ok: false,
      error: `line ${offset} of ${relativePath} (a ${formatSize(fileBytes)} file) is out of reach: it lies past ${SCAN_LIMIT_TEXT}; ${reachable}`,
    };
  }
  const lastShown = offset + lines.length - 1;
  if (totalLines === undefined) {
    return {
      ok: true,
      text: [
        `${relativePath} (lines ${offset}-${lastShown} of a ${formatSize(fileBytes)} file, too large to count its lines)`,
        ...lines.map(formatLine),
        stoppedAfterLines === undefined
          ? `[more lines follow; continue with offset ${lastShown + 1}]`
          : `[lines after ${lastShown} lie past ${SCAN_LIMIT_TEXT}]`,
      ].join('\n'),
    };
  }
  const output = [
    `${relativePath} (lines ${offset}-${lastShown} of ${totalLines})`,
    ...lines.map(formatLine),
  ];
  if (lastShown < totalLines) {
    output.push(
      `[${plural({ count: totalLines - lastShown, noun: 'more line' })}; continue with offset ${lastShown + 1}]`,
    );
  }
  return { ok: true, text: output.join('\n') };
}

/** A large file's size the way a person would say it: "2.0 GB", "96 MB". */
function formatSize(bytes: number): string {
  const megabytes = bytes / MEGABYTE;
  return megabytes >= 1024 ? `${(megabytes / 1024).toFixed(1)} GB` : `${Math.round(megabytes)} MB`;
}

function formatLine({ lineNumber, text, cutChars, continues }: WindowLine): string {
  const cut = plural({ count: cutChars, noun: 'more character' });
  const marker = continues
    ? ` [… at least ${cut} cut; the line goes on past ${SCAN_LIMIT_TEXT}]`
    : cutChars > 0
      ? ` [… ${cut} cut]`
      : '';
  return `${lineNumber}: ${text}${marker}`;
}
