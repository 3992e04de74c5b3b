import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import { CompactReporter, MESSAGE_CHARS } from '../../vitest-compact-reporter';

type Failure = { message: string; diff?: string };

/** A test module as the reporter reads it: a file, its tests and how each ended. */
function fakeModule(file: string, tests: Array<{ name: string; failure?: Failure }>): TestModule {
  const fakeTests = tests.map((test) => ({
    fullName: test.name,
    result: () =>
      test.failure
        ? { state: 'failed', errors: [{ name: 'AssertionError', ...test.failure }] }
        : { state: 'passed' },
  }));
  return {
    relativeModuleId: file,
    children: { allTests: () => fakeTests[Symbol.iterator]() },
    errors: () => [],
  } as unknown as TestModule;
}

function report(modules: TestModule[], unhandledErrors: Array<{ message: string }> = []): string[] {
  const written: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
    written.push(String(text));
    return true;
  });
  new CompactReporter().onTestRunEnd(modules, unhandledErrors);
  vi.restoreAllMocks();
  return written.join('').trimEnd().split('\n');
}

afterEach(() => vi.restoreAllMocks());

describe('the compact test report', () => {
  it('shows each failing file, at most three failures, and how to see one file in full', () => {
    const failing = (index: number) => ({
      name: `case ${index}`,
      failure: { message: `expected ${index} to be 0` },
    });
    const lines = report([
      fakeModule('src/a.test.ts', [{ name: 'fine' }]),
      fakeModule('src/b.test.ts', [1, 2, 3, 4, 5].map(failing)),
    ]);
    expect(lines).toEqual([
      '✗ src/b.test.ts: 5 of 5 tests fail',
      '  ✗ case 1',
      '      AssertionError: expected 1 to be 0',
      '  ✗ case 2',
      '      AssertionError: expected 2 to be 0',
      '  ✗ case 3',
      '      AssertionError: expected 3 to be 0',
      '  … and 2 more in this file',
      '✗ 5 failed, 1 passed, in 2 test files',
      "One file's tests in full: pnpm test b --reporter=default",
    ]);
  });

  it("adds a property test's counterexample and the first lines that differ in an elided diff", () => {
    const lines = report([
      fakeModule('src/c.test.ts', [
        {
          name: 'property',
          failure: { message: 'Property failed after 1 tests\n{ seed: 1 }\nCounterexample: ["x"]' },
        },
        {
          name: 'objects',
          failure: {
            message: 'expected { ok: false, …(1) } to deeply equal { ok: false, …(1) }',
            diff: '- Expected\n+ Received\n\n  {\n-   "content": "the tool failed",\n+   "content": "boom",\n  }',
          },
        },
      ]),
    ]);
    expect(lines).toContain('      counterexample: ["x"]');
    expect(lines).toContain(
      '      first difference: expected "content": "the tool failed", | got "content": "boom",',
    );
  });

  it('ends in a cross, not a tick, when an error outside any test stopped the run', () => {
    const lines = report(
      [fakeModule('src/e.test.ts', [])],
      [{ message: '[vitest-pool]: Worker forks emitted error.' }],
    );
    expect(lines.at(-1)).toMatch(/^✗ /);
    expect(lines.at(-1)).toContain('1 error outside tests');
  });

  it('shows the two values of a toMatch diff, which come on the lines after their headers', () => {
    const lines = report([
      fakeModule('src/d.test.ts', [
        {
          name: 'match',
          failure: {
            message:
              "expected 'run_command is not written yet' to match /^timed out after [\\d.]+ s…/",
            diff: '- Expected:\n/^timed out after/\n\n+ Received:\n"run_command is not written yet"',
          },
        },
      ]),
    ]);
    expect(lines).toContain(
      '      first difference: expected /^timed out after/ | got "run_command is not written yet"',
    );
  });

  it('cuts a long message at a character boundary, never inside an emoji', () => {
    const [, , message] = report([
      fakeModule('src/d.test.ts', [{ name: 'long', failure: { message: '😀'.repeat(500) } }]),
    ]);
    expect(Array.from(message!.trim()).length).toBeLessThanOrEqual(MESSAGE_CHARS);
    expect(message).not.toContain('\uFFFD');
    expect(message!.endsWith('😀…')).toBe(true);
  });
});
