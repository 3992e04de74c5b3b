import { BINARY_SNIFF_BYTES } from '../limits';
import type { FileReader } from './read-line-window';

/** A NUL byte near the start is the cheap, usual sign of a binary file; text almost never has one. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/** Reads only the first BINARY_SNIFF_BYTES of an open file to decide, whatever the file's size. */
export async function isBinaryFile(file: FileReader): Promise<boolean> {
  const start = Buffer.alloc(BINARY_SNIFF_BYTES);
  const { bytesRead } = await file.read(start, 0, BINARY_SNIFF_BYTES, 0);
  return isBinary(start.subarray(0, bytesRead));
}
