/** Runs tasks with at most `concurrency` of them in flight. */
export type Limiter = <Value>(task: () => Promise<Value>) => Promise<Value>;

/**
 * Creates a limiter. One limiter is shared by every lab of a batch, so a batch never runs more
 * check processes than the machine has cores.
 */
export function createLimiter(concurrency: number): Limiter {
  let running = 0;
  const waiting: Array<() => void> = [];

  return async (task) => {
    if (running < concurrency) running += 1;
    // A finishing task hands its slot straight to the next waiter, so `running` never overshoots.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
