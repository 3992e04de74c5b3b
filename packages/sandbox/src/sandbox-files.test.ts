import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PRIME_COUNT } from './primes-table';
import { sandboxFiles } from './sandbox-files';

function fingerprint(files: Map<string, string | Buffer>): string {
  const hash = createHash('sha256');
  for (const [relativePath, content] of files)
    hash.update(relativePath).update('\0').update(content);
  return hash.digest('hex');
}

function text(relativePath: string): string {
  const content = sandboxFiles().get(relativePath);
  if (typeof content !== 'string') throw new Error(`${relativePath} is not a text file`);
  return content;
}

describe('sandboxFiles', () => {
  it('is deterministic: two calls give the same paths and bytes', () => {
    expect(fingerprint(sandboxFiles())).toBe(fingerprint(sandboxFiles()));
  });

  it('lists paths relative to the root with / separators, sorted', () => {
    const paths = [...sandboxFiles().keys()];
    expect(paths).toEqual([...paths].sort());
    expect(paths.every((relativePath) => !relativePath.startsWith('/'))).toBe(true);
    expect(paths.some((relativePath) => relativePath.includes('\\'))).toBe(false);
  });

  it('has the project and the folders a tool must skip', () => {
    const paths = [...sandboxFiles().keys()];
    for (const expected of ['package.json', 'README.md', 'src/calc.js', 'test/calc.test.js']) {
      expect(paths).toContain(expected);
    }
    for (const folder of ['node_modules/', '.git/', 'dist/']) {
      expect(
        paths.some((relativePath) => relativePath.startsWith(folder)),
        folder,
      ).toBe(true);
    }
  });

  it('makes src/calc.js 13 lines with divide multiplying', () => {
    const source = text('src/calc.js');
    expect(source.split('\n')).toHaveLength(14); // 13 lines, each ending in a line break
    expect(source).toMatch(/export function divide\(a, b\) \{\n {2}return a \* b;/);
  });

  it('runs node --test from package.json', () => {
    expect(JSON.parse(text('package.json')).scripts.test).toBe('node --test');
  });

  it('puts the search word in the folders a tool must skip, so skipping them shows', () => {
    for (const noisy of ['node_modules/tiny-math/index.js', '.git/description', 'dist/calc.js']) {
      expect(text(noisy), noisy).toContain('divide');
    }
  });

  it('has a small binary file: a PNG with a NUL byte and the search word inside', () => {
    const logo = sandboxFiles().get('assets/logo.png');
    expect(Buffer.isBuffer(logo)).toBe(true);
    const bytes = logo as Buffer;
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    expect(bytes.includes(0)).toBe(true);
    expect(bytes.includes('divide')).toBe(true);
    expect(bytes.length).toBeLessThan(1024);
  });

  it('has a generated file over 38,000 characters in short lines, fewer than 400 of them', () => {
    const table = text('src/tables/primes.js');
    const tableLines = table.trimEnd().split('\n');
    expect(table.length).toBeGreaterThan(38_000);
    expect(tableLines.length).toBeLessThan(400);
    expect(Math.max(...tableLines.map((line) => line.length))).toBeLessThan(500);
    const numbers = table.match(/\b\d+\b/g)?.map(Number) ?? [];
    expect(numbers.slice(2, 12)).toEqual([2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
    expect(numbers.length).toBe(PRIME_COUNT + 2); // the header names two numbers
  });
});
