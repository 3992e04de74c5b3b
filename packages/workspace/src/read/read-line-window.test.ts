import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS } from '../limits';
import { readLineWindow } from './read-line-window';
import type { FileReader, LineWindow } from './read-line-window';

/** A file held in memory that counts the bytes read from it: the cost of a call, measured exactly. */
function countingFile(content: string | Buffer): FileReader & { bytesRead: number } {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const file = {
    bytesRead: 0,
    async read(buffer: Buffer, offset: number, length: number, position: number) {
      const end = Math.min(bytes.length, position + length);
      const count = position >= end ? 0 : bytes.copy(buffer, offset, position, end);
      file.bytesRead += count;
      return { bytesRead: count };
    },
  };
  return file;
}

/** The obvious whole-file version of the same rules, to compare the streaming one against. */
function referenceWindow({
  text,
  offset,
  limit,
}: {
  text: string;
  offset: number;
  limit: number;
}): LineWindow {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const allLines = body === '' ? [] : body.replace(/\n$/, '').split('\n');
  const lines = allLines.slice(offset - 1, offset - 1 + limit).map((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    return {
      lineNumber: offset + index,
      text: line.slice(0, MAX_LINE_CHARS),
      cutChars: Math.max(0, line.length - MAX_LINE_CHARS),
    };
  });
  return { lines, totalLines: allLines.length };
}

async function windowOf(options: {
  text: string;
  offset: number;
  limit: number;
  chunkBytes?: number;
  countLimitBytes?: number;
}) {
  return readLineWindow({ file: countingFile(options.text), ...options });
}

describe('readLineWindow', () => {
  it('counts lines the way editors do', async () => {
    expect((await windowOf({ text: '', offset: 1, limit: 5 })).totalLines).toBe(0);
    expect((await windowOf({ text: 'a', offset: 1, limit: 5 })).totalLines).toBe(1);
    expect((await windowOf({ text: 'a\n', offset: 1, limit: 5 })).totalLines).toBe(1);
    expect((await windowOf({ text: 'a\n\n', offset: 1, limit: 5 })).totalLines).toBe(2);
    expect((await windowOf({ text: '\n', offset: 1, limit: 5 })).lines).toEqual([
      { lineNumber: 1, text: '', cutChars: 0 },
    ]);
  });

  it('counts the rest of the file after the window, partial last line included', async () => {
    const window = await windowOf({ text: 'a\nb\nc\nd', offset: 2, limit: 1, chunkBytes: 2 });
    expect(window).toEqual({ lines: [{ lineNumber: 2, text: 'b', cutChars: 0 }], totalLines: 4 });
  });

  it('stops counting past countLimitBytes, leaving the total unknown but the window whole', async () => {
    const text = Array.from({ length: 100 }, (_, index) => `line ${index + 1}`).join('\n');
    const window = await windowOf({
      text,
      offset: 1,
      limit: 3,
      chunkBytes: 16,
      countLimitBytes: 64,
    });
    expect(window).toEqual({
      lines: [1, 2, 3].map((lineNumber) => ({
        lineNumber,
        text: `line ${lineNumber}`,
        cutChars: 0,
      })),
    });
    // Under the limit the same file is counted to its end.
    const counted = await windowOf({
      text,
      offset: 1,
      limit: 3,
      chunkBytes: 16,
      countLimitBytes: 4096,
    });
    expect(counted.totalLines).toBe(100);
  });

  it('keeps a long line to MAX_LINE_CHARS and counts what was cut, CR not counted', async () => {
    const long = 'é'.repeat(MAX_LINE_CHARS + 123);
    const window = await windowOf({
      text: `${long}\r\nnext\r\n`,
      offset: 1,
      limit: 2,
      chunkBytes: 7,
    });
    expect(window.lines[0]).toEqual({
      lineNumber: 1,
      text: 'é'.repeat(MAX_LINE_CHARS),
      cutChars: 123,
    });
    expect(window.lines[1]).toEqual({ lineNumber: 2, text: 'next', cutChars: 0 });
  });

  it('agrees with the whole-file reference for any text, window and chunk size', async () => {
    const piece = fc.constantFrom('a', 'xyz', '\n', '\r\n', '\r', 'é', '日本', '😀', ' ', '\uFEFF');
    const longPiece = fc.constantFrom(
      'w'.repeat(MAX_LINE_CHARS - 1),
      '😀'.repeat(MAX_LINE_CHARS / 2 + 1),
    );
    const text = fc
      .tuple(
        fc.boolean(),
        fc.array(fc.oneof({ weight: 20, arbitrary: piece }, { weight: 1, arbitrary: longPiece }), {
          maxLength: 60,
        }),
      )
      .map(([bom, pieces]) => (bom ? '\uFEFF' : '') + pieces.join(''));
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 9 }),
        async (content, offset, limit, chunkBytes) => {
          const actual = await windowOf({ text: content, offset, limit, chunkBytes });
          expect(actual).toEqual(referenceWindow({ text: content, offset, limit }));
        },
      ),
      { seed: 20260907, numRuns: 200 },
    );
  });
});

describe('readLineWindow bounds what one call reads', () => {
  const SCAN_LIMIT = 4096;
  const CHUNK = 1000;
  /** A window of `file` read in small chunks up to the small SCAN_LIMIT. */
  const boundedWindow = (
    file: FileReader,
    window: { offset: number; limit: number; countLimitBytes?: number },
  ) => readLineWindow({ file, ...window, chunkBytes: CHUNK, scanLimitBytes: SCAN_LIMIT });

  it('stops at the scan limit (and one byte) when the offset lies further', async () => {
    const file = countingFile('line\n'.repeat(10_000));
    const window = await boundedWindow(file, { offset: 9_000, limit: 5 });
    expect(file.bytesRead).toBe(SCAN_LIMIT + 1);
    expect(window).toEqual({ lines: [], stoppedAfterLines: Math.floor((SCAN_LIMIT + 1) / 5) });
  });

  it('cuts one line longer than the scan limit and says it goes on', async () => {
    const file = countingFile('x'.repeat(50_000));
    const window = await boundedWindow(file, { offset: 1, limit: 3 });
    expect(file.bytesRead).toBe(SCAN_LIMIT + 1);
    expect(window).toEqual({
      lines: [
        {
          lineNumber: 1,
          text: 'x'.repeat(MAX_LINE_CHARS),
          cutChars: SCAN_LIMIT + 1 - MAX_LINE_CHARS,
          continues: true,
        },
      ],
      stoppedAfterLines: 0,
    });
  });

  it('returns the lines reached when the window is only partly inside the limit', async () => {
    const file = countingFile(`${'a\n'.repeat(3)}${'y'.repeat(50_000)}\nlast\n`);
    const window = await boundedWindow(file, { offset: 2, limit: 10 });
    expect(file.bytesRead).toBe(SCAN_LIMIT + 1);
    expect(window.lines.map((line) => [line.lineNumber, line.text.length, line.continues])).toEqual(
      [
        [2, 1, undefined],
        [3, 1, undefined],
        [4, MAX_LINE_CHARS, true],
      ],
    );
    expect(window.stoppedAfterLines).toBe(3);
  });

  it('gives no total when the window fills but the file goes on past the limit', async () => {
    const file = countingFile('line\n'.repeat(10_000));
    const window = await boundedWindow(file, {
      offset: 800,
      limit: 10,
      countLimitBytes: 1_000_000,
    });
    expect(file.bytesRead).toBeLessThanOrEqual(SCAN_LIMIT + 1);
    expect(window.lines).toHaveLength(10);
    expect(window.totalLines).toBeUndefined();
  });

  it('reads a file that ends exactly at the limit to its end, with its full count', async () => {
    const file = countingFile('abc\n'.repeat(SCAN_LIMIT / 4));
    const window = await boundedWindow(file, { offset: 1, limit: 5, countLimitBytes: 1_000_000 });
    expect(file.bytesRead).toBe(SCAN_LIMIT);
    expect(window.totalLines).toBe(SCAN_LIMIT / 4);
    expect(window.stoppedAfterLines).toBeUndefined();
  });
});
