import { mulberry32 } from '@agent-course/core';
import { open } from 'node:fs/promises';
import { createSourceLines, stitchLines } from './source-lines';

const SEED = 4_000_000_007;
/** One block of real lines, written over and over: 2 GB of distinct text would take minutes to make. */
const BLOCK_BYTES = 4 * 1024 * 1024;

/**
 * Writes a text file of at least `bytes` bytes made only of whole lines, by repeating one block of
 * source-like lines. Returns the size written.
 */
export async function generateLargeFile({
  filePath,
  bytes,
}: {
  filePath: string;
  bytes: number;
}): Promise<number> {
  const random = mulberry32(SEED);
  const lines = createSourceLines({ random, count: 5000 });
  const block = Buffer.from(stitchLines({ lines, random, bytes: Math.min(bytes, BLOCK_BYTES) }));
  const handle = await open(filePath, 'w');
  let written = 0;
  try {
    while (written < bytes) {
      await handle.write(block);
      written += block.length;
    }
  } finally {
    await handle.close();
  }
  return written;
}
