/**
 * Runs `task(0)` … `task(count - 1)` with at most `concurrency` of them in flight: writing a
 * hundred thousand files one by one would leave the disk idle between them.
 */
export async function runPool({
  count,
  concurrency,
  task,
}: {
  count: number;
  concurrency: number;
  task: (index: number) => Promise<void>;
}): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
