import { describe, expect, it } from 'vitest';
import { describeCrash } from './describe-crash';

const labDir = '/tmp/lab';

/** What Node prints for an uncaught error, its places already mapped to the lab's sources. */
const uncaught = (header: string, message: string, frames: string[]) =>
  [
    header,
    '  throw new Error("startup boom");',
    '        ^',
    '',
    message,
    ...frames,
    '',
    'Node.js v20.20.2',
  ].join('\n');

describe('describeCrash', () => {
  it("puts the error first, then the lab's place in its own terms", () => {
    const stderr = uncaught('/tmp/lab/src/main.ts:25', 'Error: startup boom', [
      '    at /tmp/lab/src/main.ts:25:9',
      '    at ModuleJob.run (node:internal/modules/esm/module_job:325:25)',
    ]);
    expect(describeCrash({ stderr, labDir })).toEqual({
      said: 'Error: startup boom, thrown at src/main.ts:25',
      kind: 'uncaught',
      at: 'src/main.ts:25',
    });
  });

  it("names the lab's first frame when the throw was in the kit", () => {
    const stderr = uncaught('/kit/packages/cli/src/run.ts:8', 'TypeError: x is not a function', [
      '    at run (/kit/packages/cli/src/run.ts:8:3)',
      '    at main (file:///tmp/lab/src/main.ts:31:5)',
    ]);
    expect(describeCrash({ stderr, labDir })).toEqual({
      said: 'TypeError: x is not a function, thrown at src/main.ts:31',
      kind: 'uncaught',
      at: 'src/main.ts:31',
    });
  });

  it('keeps a thrown value without a place in the lab as it is', () => {
    const stderr = uncaught('/kit/x.js:1', 'just a string', [
      '(Use `node --trace-uncaught ...` to show where the exception was thrown)',
    ]);
    expect(describeCrash({ stderr, labDir })).toEqual({ said: 'just a string', kind: 'uncaught' });
  });

  it('leaves what the program printed itself to the caller', () => {
    expect(describeCrash({ stderr: 'could not start: no MODEL set\n', labDir })).toBeUndefined();
    expect(describeCrash({ stderr: '', labDir })).toBeUndefined();
  });
});

/** The lab of the process.exit cases. */
const exitLabDir = '/tmp/grade-x/labs/d3';

describe('describeCrash, after a process.exit', () => {
  it('names the call and the first place in the lab it came from', () => {
    const stderr = [
      'some output of the run',
      'the lab called process.exit(1)',
      '    at Object.run (/tmp/grade-x/labs/d3/src/tools/grep.ts:56:13)',
      '    at runCall (/tmp/grade-x/labs/d3/src/tool-registry.ts:40:7)',
    ].join('\n');
    expect(describeCrash({ stderr, labDir: exitLabDir })).toEqual({
      said: 'the lab called process.exit(1) at src/tools/grep.ts:56',
      kind: 'exit',
      at: 'src/tools/grep.ts:56',
    });
  });

  it("names the call alone when no frame is the lab's, and nothing when there was no call", () => {
    const kitOnly =
      'the lab called process.exit(2)\n    at main (/work/kit/packages/cli/src/a.ts:3:1)';
    expect(describeCrash({ stderr: kitOnly, labDir: exitLabDir })).toEqual({
      said: 'the lab called process.exit(2)',
      kind: 'exit',
    });
    expect(describeCrash({ stderr: 'Error: boom', labDir: exitLabDir })).toBeUndefined();
  });
});
