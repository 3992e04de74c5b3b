import { describe, expect, it } from 'vitest';
import { describeExitCall } from './describe-exit-call';

const labDir = '/tmp/grade-x/labs/d3';

describe('describeExitCall', () => {
  it('names the call and the first place in the lab it came from', () => {
    const stderr = [
      'some output of the run',
      'the lab called process.exit(1)',
      '    at Object.run (/tmp/grade-x/labs/d3/src/tools/grep.ts:56:13)',
      '    at runCall (/tmp/grade-x/labs/d3/src/tool-registry.ts:40:7)',
    ].join('\n');
    expect(describeExitCall({ stderr, labDir })).toBe(
      'the lab called process.exit(1) at src/tools/grep.ts:56',
    );
  });

  it("names the call alone when no frame is the lab's, and nothing when there was no call", () => {
    const kitOnly =
      'the lab called process.exit(2)\n    at main (/work/kit/packages/cli/src/a.ts:3:1)';
    expect(describeExitCall({ stderr: kitOnly, labDir })).toBe('the lab called process.exit(2)');
    expect(describeExitCall({ stderr: 'Error: boom', labDir })).toBeUndefined();
  });
});
