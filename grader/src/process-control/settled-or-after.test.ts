import { afterEach, describe, expect, it, vi } from 'vitest';
import { settledOrAfter } from './settled-or-after';

describe('settledOrAfter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('settles with the promise, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    let settled = false;
    const waiting = settledOrAfter({ promise: Promise.resolve('built'), ms: 60_000 }).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await waiting;
  });

  it('settles when the promise rejects, without rejecting itself', async () => {
    await expect(
      settledOrAfter({ promise: Promise.reject(new Error('no build')), ms: 60_000 }),
    ).resolves.toBeUndefined();
  });

  it('settles after the time given when the promise never does', async () => {
    vi.useFakeTimers();
    let settled = false;
    const waiting = settledOrAfter({ promise: new Promise(() => {}), ms: 10_000 }).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    await waiting;
  });
});
