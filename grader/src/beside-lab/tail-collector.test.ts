import { describe, expect, it } from 'vitest';
import { createTailCollector, lastLines } from './tail-collector';

describe('lastLines', () => {
  it('quotes the error of a crash, not its stack frames or the Node banner', () => {
    const crash = [
      'node:internal/modules/run_main:123',
      '    triggerUncaughtException(',
      '    ^',
      'Error [TransformError]: Transform failed with 1 error:',
      '/tmp/lab/src/truncate-result.ts:25:16: ERROR: Expected ";" but found "oops"',
      '    at failureErrorWithLog (/kit/node_modules/esbuild/lib/main.js:1:1)',
      '    at Socket.emit (node:events:524:28)',
      '',
      'Node.js v20.20.2',
    ].join('\n');
    expect(lastLines({ text: crash, count: 6 })).toEqual([
      'Error [TransformError]: Transform failed with 1 error:',
      '/tmp/lab/src/truncate-result.ts:25:16: ERROR: Expected ";" but found "oops"',
    ]);
  });
});

describe('createTailCollector', () => {
  it('keeps only the last characters however much is written', () => {
    const tail = createTailCollector(5);
    tail.add('abcdef');
    tail.add('gh');
    expect(tail.text()).toBe('defgh');
  });
});
