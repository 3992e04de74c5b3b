import { readFileSync, writeFileSync } from 'node:fs';

/** How much resident memory a task took at its peak, and how that peak was told. */
export interface PeakMemory {
  /** The process's resident memory just before the task, in bytes. */
  beforeBytes: number;
  /** Its peak resident memory while the task ran, in bytes. */
  peakBytes: number;
  /**
   * `task`: the peak of the task alone (Linux: the peak was reset just before it); `process`:
   * the peak of the whole process so far (elsewhere), which a loading peak can exceed.
   */
  peakOf: 'task' | 'process';
}

/**
 * Runs `task` and measures the resident memory it adds at its peak. The kernel keeps a process's
 * peak (VmHWM) without missing a short one between samples, but over the whole life of the
 * process: loading tsx and the modules can leave a peak above anything the task reaches, and then
 * the figure measures the loading and how soon the collector shrank it. So, where Linux allows it
 * (writing 5 to /proc/self/clear_refs, Linux 4.0 on), the peak is reset to the present just before
 * the task; and the collector runs first when node has --expose-gc, so garbage left by loading is
 * not counted as the task's.
 */
export async function measurePeakMemory(task: () => Promise<unknown>): Promise<PeakMemory> {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const peakOf = resetPeak() ? 'task' : 'process';
  const beforeBytes = process.memoryUsage().rss;
  await task();
  const peakBytes =
    (peakOf === 'task' ? readPeakKilobytes() : undefined) ?? process.resourceUsage().maxRSS;
  return { beforeBytes, peakBytes: peakBytes * 1024, peakOf };
}

/** Resets the kernel's peak of this process to its present resident memory; false where it cannot. */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return readPeakKilobytes() !== undefined;
  } catch {
    return false;
  }
}

/** VmHWM from /proc/self/status, in kilobytes, or undefined where there is none. */
function readPeakKilobytes(): number | undefined {
  try {
    const found = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return found ? Number(found[1]) : undefined;
  } catch {
    return undefined;
  }
}
