import {
  MAX_PRINTED_LAST_LINES,
  MAX_PRINTED_LINE_CHARS,
  MAX_PRINTED_LINES,
  type PrintedOutput,
} from '@agent-course/course';

/**
 * Characters that would act on the grader's terminal rather than show (escape sequences, carriage
 * returns, backspaces) or reorder the text around them (bidirectional overrides): each is shown as
 * `?`, so a lab's output can neither rewrite the report nor hide in it.
 */
// eslint-disable-next-line no-control-regex
const UNSHOWABLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** What the capture says as it goes: one of the first lines, or how many lines after them have come. */
export type PrintedProgress = { line: string } | { moreLines: number };

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
   * Told each of the first lines as it is kept, and the count of the lines after them each time it
   * reaches a power of two (at most some forty calls a check, however much is printed): called
   * inside the lab's own write, so the grader hears it even when the check then hangs or dies.
   */
  onProgress?: (progress: PrintedProgress) => void;
} = {}): PrintedOutputCapture {
  let first: string[] = [];
  /** The latest lines after the first ones, oldest first, at most MAX_PRINTED_LAST_LINES. */
  let last: string[] = [];
  /** Lines after the first ones that fell out of `last`. */
  let between = 0;
  /** Lines after the first ones, for onProgress. */
  let afterFirst = 0;
  /** The line being written, not yet ended: only as much of it as can be shown. */
  let partial = '';
  /** The count of lines after the first ones that onProgress hears of next: 1, 2, 4, ... */
  let nextCountToTell = 1;

  const endLine = () => {
    const line = showable(partial);
    partial = '';
    if (first.length < MAX_PRINTED_LINES) {
      first.push(line);
      onProgress?.({ line });
      return;
    }
    last.push(line);
    if (last.length > MAX_PRINTED_LAST_LINES) {
      last.shift();
      between += 1;
    }
    afterFirst += 1;
    if (afterFirst === nextCountToTell) {
      onProgress?.({ moreLines: afterFirst });
      nextCountToTell *= 2;
    }
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
      const printed =
        first.length === 0
          ? undefined
          : { lines: first, moreLines: between, ...(last.length > 0 ? { lastLines: last } : {}) };
      first = [];
      last = [];
      between = 0;
      afterFirst = 0;
      nextCountToTell = 1;
      return printed;
    },
  };
}

/** One line as the report may show it: control characters made visible, cut to its limit. */
function showable(line: string): string {
  const visible = line.replace(/\r$/, '').replace(UNSHOWABLE, '?');
  return visible.length > MAX_PRINTED_LINE_CHARS
    ? `${visible.slice(0, MAX_PRINTED_LINE_CHARS - 1)}…`
    : visible;
}
