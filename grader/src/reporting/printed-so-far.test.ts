import { describe, expect, it } from 'vitest';
import { MAX_PRINTED_LAST_LINES, MAX_PRINTED_LINES } from '@agent-course/course';
import { createPrintedSoFar } from './printed-so-far';

describe('createPrintedSoFar', () => {
  it('gives a stopped check its first and last lines when every line was told', () => {
    const printed = createPrintedSoFar();
    for (let count = 1; count <= 40; count += 1) printed.addLine(`line ${count}`);
    printed.addLine('about to loop');
    expect(printed.stopped()).toEqual({
      lines: Array.from({ length: MAX_PRINTED_LINES }, (_, index) => `line ${index + 1}`),
      moreLines: 41 - MAX_PRINTED_LINES - MAX_PRINTED_LAST_LINES,
      lastLines: ['line 37', 'line 38', 'line 39', 'line 40', 'about to loop'],
      stopped: true,
    });
  });

  it('gives only the first lines and at least how many came once a count passes the lines told', () => {
    const printed = createPrintedSoFar();
    for (let count = 1; count <= 100; count += 1) printed.addLine(`line ${count}`);
    printed.addCount(128);
    expect(printed.stopped()).toEqual({
      lines: Array.from({ length: MAX_PRINTED_LINES }, (_, index) => `line ${index + 1}`),
      moreLines: 128 - MAX_PRINTED_LINES,
      stopped: true,
    });
  });

  it('gives nothing when nothing was printed', () => {
    expect(createPrintedSoFar().stopped()).toBeUndefined();
  });
});
