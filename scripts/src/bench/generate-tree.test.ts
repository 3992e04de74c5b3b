import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SMALL_SIZE } from './bench-sizes';
import type { BenchSize } from './bench-sizes';
import { generateTree } from './generate-tree';

/** Small enough to write in a blink; no oversized log, which alone would be 21 MB. */
const TINY_SIZE: BenchSize = {
  ...SMALL_SIZE,
  sourceFiles: 60,
  sourceBytes: 200_000,
  binaryFiles: 3,
  oversizedFiles: 0,
  nodeModulesFiles: 30,
  nodeModulesBytes: 30_000,
};

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

/** Every file's path and a hash of its bytes, in path order. */
async function fingerprint(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const hash = createHash('sha256').update(await readFile(path.join(root, file)));
      return `${file} ${hash.digest('hex')}`;
    }),
  );
}

async function generate() {
  const root = await mkdtemp(path.join(tmpdir(), 'bench-tree-test-'));
  roots.push(root);
  const summary = await generateTree({ root, size: TINY_SIZE });
  return { summary, files: await fingerprint(root) };
}

describe('generateTree', () => {
  it('writes byte-for-byte the same tree every time, and counts it truly', async () => {
    const first = await generate();
    const second = await generate();
    expect(second.files).toEqual(first.files);
    expect(first.summary.files).toBe(first.files.length);
    expect(first.summary.nodeModulesFiles).toBe(
      first.files.filter((line) => line.startsWith('node_modules/')).length,
    );
    const paths = first.files.map((line) => line.split(' ')[0]!);
    const visibleTs = paths.filter(
      (file) => !file.startsWith('node_modules/') && file.endsWith('.ts'),
    );
    expect(first.summary.tsFiles).toBe(visibleTs.length);
  });
});
