import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  MAX_PRINTED_LAST_LINES,
  MAX_PRINTED_LINE_CHARS,
  MAX_PRINTED_LINES,
} from '@agent-course/course';
import { capturePrintedOutput, MAX_TOLD_PRINTED_LINES } from './capture-printed-output';

/** Two streams whose own write would fail the test: the capture must take every write over. */
function streams() {
  const refuse = () => {
    throw new Error('the capture let a write through');
  };
  return [new Writable({ write: refuse }), new Writable({ write: refuse })] as const;
}

describe('capturePrintedOutput', () => {
  it("keeps what both streams are given, in order, as lines; console.log's own shape included", () => {
    const [stdout, stderr] = streams();
    const capture = capturePrintedOutput({ streams: [stdout, stderr] });
    stdout.write('DEBUG merge 3\n');
    stderr.write(Buffer.from('half a '));
    stderr.write('line\n', 'utf8');
    stdout.write('no newline at the end');
    expect(capture.take()).toEqual({
      lines: ['DEBUG merge 3', 'half a line', 'no newline at the end'],
      moreLines: 0,
    });
    // Taking starts afresh: the next check reports only its own.
    expect(capture.take()).toBeUndefined();
    stdout.write('next\n');
    expect(capture.take()).toEqual({ lines: ['next'], moreLines: 0 });
  });

  it('keeps the first and the last lines of a flood and counts those between, holding no more than it shows', () => {
    const [stdout, stderr] = streams();
    const capture = capturePrintedOutput({ streams: [stdout, stderr] });
    for (let count = 1; count <= 2000; count += 1)
      stdout.write(`${count} ${'flood '.repeat(1000)}\n`);
    stderr.write('x'.repeat(5_000_000));
    const printed = capture.take()!;
    expect(printed.lines).toHaveLength(MAX_PRINTED_LINES);
    expect(printed.lastLines).toHaveLength(MAX_PRINTED_LAST_LINES);
    // 2,000 lines and the unended one: the first and last ones shown, the rest counted.
    expect(printed.moreLines).toBe(2001 - MAX_PRINTED_LINES - MAX_PRINTED_LAST_LINES);
    expect(printed.lines[0]).toMatch(/^1 flood/);
    expect(printed.lastLines?.at(-2)).toMatch(/^2000 flood/);
    expect(printed.lastLines?.at(-1)).toMatch(/^x+…$/);
    for (const kept of [...printed.lines, ...printed.lastLines!]) {
      expect(kept).toHaveLength(MAX_PRINTED_LINE_CHARS);
      expect(kept.endsWith('…')).toBe(true);
    }
  });

  it('keeps a few lines whole, with nothing counted between', () => {
    const [stdout] = streams();
    const capture = capturePrintedOutput({ streams: [stdout] });
    const written = Array.from(
      { length: MAX_PRINTED_LINES + 2 },
      (_, index) => `line ${index + 1}`,
    );
    for (const line of written) stdout.write(`${line}\n`);
    expect(capture.take()).toEqual({
      lines: written.slice(0, MAX_PRINTED_LINES),
      moreLines: 0,
      lastLines: written.slice(MAX_PRINTED_LINES),
    });
  });

  it('writes out escape sequences, carriage returns and direction overrides rather than passing them on', () => {
    const [stdout] = streams();
    const capture = capturePrintedOutput({ streams: [stdout] });
    stdout.write('\u001b[2J\u001b[31mred\u0007 10%\r50%\r\n');
    stdout.write('tab\tkept \u202eevil\u202c\n');
    expect(capture.take()?.lines).toEqual([
      '\\x1b[2J\\x1b[31mred\\x07 10%\\r50%',
      'tab\tkept \\u202eevil\\u202c',
    ]);
  });

  it('tells each of the first hundred lines as it comes, then the count at 128, 256, ... lines', () => {
    const [stdout] = streams();
    const told: unknown[] = [];
    const capture = capturePrintedOutput({
      streams: [stdout],
      onProgress: (progress) => told.push(progress),
    });
    for (let count = 1; count <= 600; count += 1) stdout.write(`line ${count}\n`);
    expect(told).toEqual([
      ...Array.from({ length: MAX_TOLD_PRINTED_LINES }, (_, index) => ({
        line: `line ${index + 1}`,
      })),
      { lines: 128 },
      { lines: 256 },
      { lines: 512 },
    ]);
    // The next check is told from its own first line again.
    capture.take();
    told.length = 0;
    stdout.write('again\n');
    expect(told).toEqual([{ line: 'again' }]);
  });

  it("calls a write's callback, as a stream would, so a lab awaiting it goes on", async () => {
    const [stdout] = streams();
    capturePrintedOutput({ streams: [stdout] });
    await new Promise<void>((resolve) => stdout.write('done\n', () => resolve()));
    await new Promise<void>((resolve) => stdout.write('done\n', 'utf8', () => resolve()));
    expect(stdout.write('returns true')).toBe(true);
  });
});
