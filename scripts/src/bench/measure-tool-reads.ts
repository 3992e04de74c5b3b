import { bytesReadSoFar } from './bytes-read';

/**
 * Runs `task` once and returns how many bytes the process read meanwhile, or undefined where the
 * operating system does not tell.
 */
export async function measureToolReads(task: () => Promise<unknown>): Promise<number | undefined> {
  const before = bytesReadSoFar();
  await task();
  const after = bytesReadSoFar();
  return before === undefined || after === undefined ? undefined : after - before;
}
