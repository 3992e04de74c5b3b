import { describe, expect, it } from 'vitest';
import { findOwnFrame } from './find-own-frame';

const thrown = (stack: string) =>
  Object.assign(new Error('boom'), { stack: `Error: boom\n${stack}` });

describe('findOwnFrame', () => {
  it("names the first frame in the day's own files, as a path or a file URL", () => {
    const error = thrown(
      [
        '    at JSON.parse (<anonymous>)',
        '    at push (/labs/d3/node_modules/@agent-course/core/src/x.ts:3:1)',
        '    at /kit/packages/core/src/stream.ts:9:2',
        '    at ToolCallAccumulator.push (file:///labs/d3/src/tool-call-accumulator.ts:22:11)',
        '    at runAgent (/labs/d3/src/run-agent.ts:84:23)',
      ].join('\n'),
    );
    expect(findOwnFrame({ error, root: '/labs/d3' })).toBe('src/tool-call-accumulator.ts:22');
  });

  it('names nothing when no frame is the day’s, or there is no stack', () => {
    const error = thrown('    at /labs/d3-other/src/a.ts:1:1\n    at /kit/src/b.ts:2:2');
    expect(findOwnFrame({ error, root: '/labs/d3' })).toBe(undefined);
    expect(findOwnFrame({ error: 'a string', root: '/labs/d3' })).toBe(undefined);
  });
});
