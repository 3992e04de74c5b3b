import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from './node-flags';

/** V8's "optimized" bit in what `%GetOptimizationStatus` returns (the same in Node 20 and 24). */
const OPTIMIZED = 1 << 4;

/**
 * A program that asks V8 to optimize a function at its next call, calls it, and prints what V8
 * says of it, then whether fetch's code had loaded before the program began.
 */
const PROBE = [
  'const fetchLoaded = process.moduleLoadList.includes("NativeModule internal/deps/undici/undici");',
  'function add(a) { return a + 1; }',
  '%PrepareFunctionForOptimization(add); add(1); add(2);',
  '%OptimizeFunctionOnNextCall(add); add(3);',
  'console.log(JSON.stringify({ status: %GetOptimizationStatus(add), fetchLoaded }));',
].join('\n');

async function probe(flags: string[]) {
  const run = await execa(process.execPath, ['--allow-natives-syntax', ...flags, '-e', PROBE], {
    reject: false,
  });
  return { ...(JSON.parse(run.stdout) as { status: number; fetchLoaded: boolean }), run };
}

describe('NODE_FLAGS', () => {
  it('turns V8’s optimizing compiler off, as the flag itself on the command line would', async () => {
    // Without them the function is optimized: the probe can tell the difference.
    expect((await probe([])).status & OPTIMIZED).not.toBe(0);
    const withFlags = await probe(NODE_FLAGS);
    expect(withFlags.status & OPTIMIZED).toBe(0);
    // Every flag is one this Node knows: V8 says so on stderr, and does not stop, when it is not.
    expect(withFlags.run.stderr).toBe('');
    expect(withFlags.run.exitCode).toBe(0);
  });

  it('loads fetch’s code before the program starts', async () => {
    expect((await probe([])).fetchLoaded).toBe(false);
    expect((await probe(NODE_FLAGS)).fetchLoaded).toBe(true);
  });
});
