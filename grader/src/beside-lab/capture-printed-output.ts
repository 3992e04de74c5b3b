import { escapeControlCharacters } from '@agent-course/core';
import { MAX_PRINTED_LINE_CHARS, type PrintedOutput } from '@agent-course/course';
import { keepFirstAndLast } from './keep-first-and-last';

/**
 * How many of a check's first lines the capture tells as they come, so that a check then stopped
 * (a loop that never ends) still shows the last of them: a breadcrumb printed just before a hang is
 * almost always among a check's first hundred lines. After them, only a count, now and then.
 */
export const MAX_TOLD_PRINTED_LINES = 100;

/** What the capture says as it goes: one of the first lines, or how many lines have come in all. */
export type PrintedProgress = { line: string } | { lines: number };

/** Where a check child's lab output goes instead of its stdout and stderr. */
export interface PrintedOutputCapture {
  /** What was printed since the last take (or since the capture began), and starts afresh. */
  take(): PrintedOutput | undefined;
}

/**
 * Takes over `write` on the given streams (the check child's stdout and stderr) so that what the lab
 * prints while a check runs (console.log writes there) is kept for that check's report instead of
 * going nowhere. Bounded whatever the lab prints: the first MAX_PRINTED_LINES lines and the last
 * MAX_PRINTED_LAST_LINES are kept, each cut at MAX_PRINTED_LINE_CHARS, and the lines between only
 * counted. A lab writing to file descriptor 1 itself goes around it, which costs the student only
 * the echo.
 */
export function capturePrintedOutput({
  streams = [process.stdout, process.stderr],
  onProgress,
}: {
  /** The streams to take over; the process's stdout and stderr by default. */
  streams?: NodeJS.WritableStream[];
  /**
   * Told each of the first MAX_TOLD_PRINTED_LINES lines as it ends, then the count of lines each
   * time it reaches a power of two (some 130 calls a check at most, however much is printed):
   * called inside the lab's own write, so the grader hears it even when the check then hangs or dies.
   */
  onProgress?: (progress: PrintedProgress) => void;
} = {}): PrintedOutputCapture {
  let kept = keepFirstAndLast();
  /** Lines ended during this check, for onProgress. */
  let ended = 0;
  /** The line being written, not yet ended: only as much of it as can be shown. */
  let partial = '';
  /** The count of lines onProgress hears of next, past the lines it was told one by one. */
  let nextCountToTell = firstCountToTell();

  const endLine = () => {
    const line = showable(partial);
    partial = '';
    ended += 1;
    if (ended <= MAX_TOLD_PRINTED_LINES) onProgress?.({ line });
    else if (ended === nextCountToTell) {
      onProgress?.({ lines: ended });
      nextCountToTell *= 2;
    }
    kept.add(line);
  };

  const keep = (text: string) => {
    let start = 0;
    while (start < text.length) {
      const newline = text.indexOf('\n', start);
      const end = newline < 0 ? text.length : newline;
      // Only as much of a line as can be shown is kept, however long the lab makes it.
      if (partial.length <= MAX_PRINTED_LINE_CHARS) {
        partial += text.slice(start, Math.min(end, start + MAX_PRINTED_LINE_CHARS + 1));
      }
      if (newline < 0) break;
      endLine();
      start = newline + 1;
    }
  };

  for (const stream of streams) {
    stream.write = ((chunk: unknown, encodingOrDone?: unknown, done?: unknown) => {
      const encoding = typeof encodingOrDone === 'string' ? encodingOrDone : 'utf8';
      keep(
        typeof chunk === 'string'
          ? chunk
          : Buffer.from(chunk as Uint8Array).toString(encoding as BufferEncoding),
      );
      const callback = typeof encodingOrDone === 'function' ? encodingOrDone : done;
      if (typeof callback === 'function') queueMicrotask(() => callback());
      return true;
    }) as typeof stream.write;
  }

  return {
    take() {
      if (partial.length > 0) endLine();
      const printed = kept.output();
      kept = keepFirstAndLast();
      ended = 0;
      nextCountToTell = firstCountToTell();
      return printed;
    },
  };
}

/** The first power of two past the lines told one by one. */
function firstCountToTell(): number {
  let count = 1;
  while (count <= MAX_TOLD_PRINTED_LINES) count *= 2;
  return count;
}

/** One line as the report may show it: control characters made visible, cut to its limit. */
function showable(line: string): string {
  const visible = escapeControlCharacters(line.replace(/\r$/, ''));
  return visible.length > MAX_PRINTED_LINE_CHARS
    ? `${visible.slice(0, MAX_PRINTED_LINE_CHARS - 1)}…`
    : visible;
}
