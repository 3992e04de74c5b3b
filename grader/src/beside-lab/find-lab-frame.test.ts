import { describe, expect, it } from 'vitest';
import { findLabFrame } from './find-lab-frame';

/** An error whose stack is `frames`, as V8 writes it. */
function thrown(frames: string[]): Error {
  const error = new Error('not done yet');
  error.stack = ['Error: not done yet', ...frames.map((frame) => `    at ${frame}`)].join('\n');
  return error;
}

describe('findLabFrame', () => {
  const labDir = '/tmp/grade-x/labs/d3';

  it("names the first frame in the lab's own files, past the kit's", () => {
    const error = thrown([
      'check (/work/kit/node_modules/.cache/agent-course-grader/build-1/chunks/a.js:10:5)',
      'truncateResult (/tmp/grade-x/labs/d3/src/truncate-result.ts:24:11)',
      'run (/tmp/grade-x/labs/d3/src/run-agent.ts:80:3)',
    ]);
    expect(findLabFrame({ error, labDir })).toBe('src/truncate-result.ts:24');
  });

  it("passes over the lab's files outside src, which are not the student's code under test", () => {
    const error = thrown([
      'helper (/tmp/grade-x/labs/d3/scripts/setup.ts:3:1)',
      'run (/tmp/grade-x/labs/d3/src/run-agent.ts:80:3)',
    ]);
    expect(findLabFrame({ error, labDir })).toBe('src/run-agent.ts:80');
  });

  it('reads anonymous frames and file URLs too', () => {
    const error = thrown(['file:///tmp/grade-x/labs/d3/src/tools/grep.ts:7:1']);
    expect(findLabFrame({ error, labDir })).toBe('src/tools/grep.ts:7');
  });

  it("finds nothing when no frame is the lab's, or there is no stack", () => {
    expect(
      findLabFrame({ error: thrown(['x (/work/kit/packages/core/src/a.ts:1:1)']), labDir }),
    ).toBeUndefined();
    expect(findLabFrame({ error: 'a string', labDir })).toBeUndefined();
    // A folder beside the lab whose name starts the same is not the lab.
    expect(
      findLabFrame({ error: thrown(['/tmp/grade-x/labs/d3-old/src/a.ts:1:1']), labDir }),
    ).toBeUndefined();
  });
});
