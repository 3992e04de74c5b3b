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
 * the figure measures the loading and how soon the collector shrank it (one night's edit row read
 * 169 MB, the next 8.5 MB). So, where Linux allows it (writing 5 to /proc/self/clear_refs, Linux
 * 4.0 on), the peak is reset to the present just before the task.
 *
 * What the task allocates shows only where it needs pages that are not yet resident. Memory the
 * collector freed but kept (a full collection just before, or a large young generation) is reused
 * unseen: with a gc() first, five processes read 0 MB or 8 MB by chance. Run the process with
 * --max-semi-space-size=1 and no collection first; then eight processes read 8.1 to 8.4 MB.
 */
export async function measurePeakMemory(task: () => Promise<unknown>): Promise<PeakMemory> {
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
