import { describe, expect, it } from 'vitest';
import { createLimiter } from './create-limiter';

describe('createLimiter', () => {
  it('never runs more tasks at once than allowed, and runs them all', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const task = async (value: number) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running -= 1;
      return value;
    };
    const values = await Promise.all([1, 2, 3, 4, 5].map((value) => limit(() => task(value))));
    expect(values).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('frees the slot when a task throws', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(limit(async () => 'next')).resolves.toBe('next');
  });
});
