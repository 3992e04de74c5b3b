import { StringDecoder } from 'node:string_decoder';
import { MAX_COUNTED_BYTES, MAX_LINE_CHARS, MAX_READ_SCAN_BYTES } from '../limits';

/** One line of the window, ready to show. */
export interface WindowLine {
  /** The line's number in the file, counting from 1. */
  lineNumber: number;
  /** The line without its line break (and without a '\r' before it), at most MAX_LINE_CHARS long. */
  text: string;
  /** How many characters were cut from the end of a line longer than MAX_LINE_CHARS; 0 if none. */
  cutChars: number;
  /** True when the line goes on past the bytes read (scanLimitBytes): cutChars is then a minimum. */
  continues?: boolean;
}

/** A slice of a file's lines and how many lines the whole file has. */
export interface LineWindow {
  /** The lines from `offset`, at most `limit` of them; empty when the offset is past the end. */
  lines: WindowLine[];
  /**
   * The number of lines in the file (a last line without a line break counts); absent when the file
   * is so large that counting stopped after `countLimitBytes`, with more lines still to come.
   */
  totalLines?: number;
  /**
   * Set when reading stopped at `scanLimitBytes` before the window was complete: how many whole
   * lines had been read by then. Lines past them were not reached.
   */
  stoppedAfterLines?: number;
}

/** An open file read from: a FileHandle, or a test's reader that counts what is asked of it. */
export interface FileReader {
  read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
  ): Promise<{ bytesRead: number }>;
}

/** Which lines of which file to read. */
export interface ReadLineWindowOptions {
  /** The open file to read, from its first byte. */
  file: FileReader;
  /** The first line wanted, counting from 1. */
  offset: number;
  /** The most lines wanted. */
  limit: number;
  /** Stops the read when aborted. */
  signal?: AbortSignal;
  /** Bytes read at a time; tests make it tiny to put chunk edges everywhere. Default 64 KB. */
  chunkBytes?: number;
  /** Past this many bytes read, lines after the window are no longer counted. Default MAX_COUNTED_BYTES. */
  countLimitBytes?: number;
  /** The most bytes read in all, window or not. Default MAX_READ_SCAN_BYTES. */
  scanLimitBytes?: number;
}

/** Small enough that the first lines of a file arrive after one short read and decode. */
const CHUNK_BYTES = 64 * 1024;
const NEWLINE_BYTE = 0x0a;
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Reads lines `offset` to `offset + limit - 1` without loading the file: it is read chunk by
 * chunk into one reused buffer, and a line keeps at most MAX_LINE_CHARS + 1 characters however long it is. Once the
 * window is full, the rest is only counted: line breaks are found in the raw bytes, never decoded.
 * Splitting on the byte 0x0A is safe in UTF-8, where it never occurs inside a multi-byte character.
 * However far the offset or however long a line, at most `scanLimitBytes` (and one byte, to tell a
 * file that ends there from one that goes on) are read: a window not complete by then is returned
 * as far as it got, with `stoppedAfterLines`.
 */
export async function readLineWindow({
  file,
  offset,
  limit,
  signal,
  chunkBytes = CHUNK_BYTES,
  countLimitBytes = MAX_COUNTED_BYTES,
  scanLimitBytes = MAX_READ_SCAN_BYTES,
}: ReadLineWindowOptions): Promise<LineWindow> {
  const lastWanted = offset + limit - 1;
  const decoder = new StringDecoder('utf8');
  const lines: WindowLine[] = [];
  let lineNumber = 1; // the line the next character belongs to
  let current = startLine();
  let atStart = true;
  let counting = false; // true once the window is full
  let lineBreaksAfterWindow = 0;
  let partialLineAfterWindow = false; // characters after the last line break, once counting
  let bytesRead = 0;

  const maxBytes = scanLimitBytes + 1;
  for await (const chunk of readChunks({ file, chunkBytes, maxBytes, signal })) {
    bytesRead += chunk.length;
    // This chunk is proof that more lines follow the window; counting them all could take minutes.
    if (counting && bytesRead > countLimitBytes) return { lines };
    if (counting) {
      lineBreaksAfterWindow += countLineBreaks(chunk);
      if (chunk.length > 0) partialLineAfterWindow = chunk[chunk.length - 1] !== NEWLINE_BYTE;
      continue;
    }
    let text = decoder.write(chunk);
    if (atStart && text.length > 0) {
      atStart = false;
      if (text.startsWith(BYTE_ORDER_MARK)) text = text.slice(BYTE_ORDER_MARK.length);
    }
    for (let start = 0; ;) {
      const lineBreak = text.indexOf('\n', start);
      appendToLine(current, text.slice(start, lineBreak === -1 ? text.length : lineBreak));
      if (lineBreak === -1) break;
      if (lineNumber >= offset) lines.push(finishLine(current, lineNumber));
      current = startLine();
      lineNumber += 1;
      start = lineBreak + 1;
      if (lineNumber > lastWanted) {
        // The window is full: what is left of this chunk, and every later chunk, is only counted.
        counting = true;
        const rest = text.slice(start) + decoder.end();
        lineBreaksAfterWindow = rest.split('\n').length - 1;
        partialLineAfterWindow = rest.length > 0 && !rest.endsWith('\n');
        break;
      }
    }
    if (!counting && bytesRead > scanLimitBytes) {
      // The window is not complete and the file goes on: stop here, with what was reached.
      if (lineNumber >= offset && current.length > 0) {
        lines.push({ ...finishLine(current, lineNumber), continues: true });
      }
      return { lines, stoppedAfterLines: lineNumber - 1 };
    }
  }

  // Reading stopped at the limit, not at the end of the file: the lines after it are not counted.
  if (counting && bytesRead > scanLimitBytes) return { lines };
  if (counting) {
    const totalLines = lastWanted + lineBreaksAfterWindow + (partialLineAfterWindow ? 1 : 0);
    return { lines, totalLines };
  }
  appendToLine(current, decoder.end());
  const lastLineIsPartial = current.length > 0;
  if (lastLineIsPartial && lineNumber >= offset) lines.push(finishLine(current, lineNumber));
  return { lines, totalLines: lastLineIsPartial ? lineNumber : lineNumber - 1 };
}

/**
 * The file's bytes from its start, at most `maxBytes` of them, chunk after chunk, all read into the same buffer: memory stays flat however
 * large the file is, and no garbage piles up between collections. A chunk is valid only until the
 * next one is asked for, so callers use it (or copy it) at once.
 */
async function* readChunks({
  file,
  chunkBytes,
  maxBytes,
  signal,
}: {
  file: FileReader;
  chunkBytes: number;
  maxBytes: number;
  signal: AbortSignal | undefined;
}): AsyncGenerator<Buffer> {
  const buffer = Buffer.allocUnsafe(chunkBytes);
  for (let position = 0; position < maxBytes;) {
    signal?.throwIfAborted();
    const length = Math.min(chunkBytes, maxBytes - position);
    const { bytesRead } = await file.read(buffer, 0, length, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/** A line being assembled from pieces that may span chunks. */
interface LineInProgress {
  /** The line's first characters, at most MAX_LINE_CHARS + 1 of them. */
  kept: string;
  /** The line's full length so far, in UTF-16 code units like String.length. */
  length: number;
  /** Whether the last character so far is '\r', dropped from a CRLF line break. */
  endsWithCarriageReturn: boolean;
}

function startLine(): LineInProgress {
  return { kept: '', length: 0, endsWithCarriageReturn: false };
}

function appendToLine(line: LineInProgress, piece: string): void {
  if (piece.length === 0) return;
  line.length += piece.length;
  if (line.kept.length <= MAX_LINE_CHARS) {
    line.kept += piece.slice(0, MAX_LINE_CHARS + 1 - line.kept.length);
  }
  line.endsWithCarriageReturn = piece.endsWith('\r');
}

function finishLine(line: LineInProgress, lineNumber: number): WindowLine {
  const length = line.length - (line.endsWithCarriageReturn ? 1 : 0);
  return {
    lineNumber,
    text: line.kept.slice(0, Math.min(length, MAX_LINE_CHARS)),
    cutChars: Math.max(0, length - MAX_LINE_CHARS),
  };
}

function countLineBreaks(bytes: Buffer): number {
  let count = 0;
  for (
    let index = bytes.indexOf(NEWLINE_BYTE);
    index !== -1;
    index = bytes.indexOf(NEWLINE_BYTE, index + 1)
  ) {
    count += 1;
  }
  return count;
}
