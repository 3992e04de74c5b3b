import { readFileSync } from 'node:fs';

/**
 * Bytes this process has read through read system calls so far (Linux's /proc/self/io "rchar"),
 * or undefined where that file does not exist. The difference around a grep call is how much of
 * the tree it actually read, whatever the tool's code looks like inside.
 */
export function bytesReadSoFar(): number | undefined {
  try {
    const io = readFileSync('/proc/self/io', 'utf8');
    const match = /^rchar: (\d+)$/m.exec(io);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
