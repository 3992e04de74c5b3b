import type { NoticeEvent } from '../protocol/stream-event';

/** Notices raised by callbacks (the SDK's logger, the wire tap), to be yielded by a stream. */
export interface NoticeQueue {
  /** Queues a notice. */
  push(message: string): void;
  /** Yields the queued notices and empties the queue. */
  drain(): Generator<NoticeEvent>;
  /**
   * Yields notices as they arrive until the promise settles, then returns its value (or throws
   * its error): a retry is announced while the SDK waits, not after.
   */
  until<T>(promise: Promise<T>): AsyncGenerator<NoticeEvent, T>;
}

/** A queue whose notices a generator can yield while it waits for something else. */
export function createNoticeQueue(): NoticeQueue {
  const queued: string[] = [];
  let wake: () => void = () => {};
  const drain = function* (): Generator<NoticeEvent> {
    while (queued.length > 0) yield { type: 'notice', message: queued.shift()! };
  };
  return {
    push(message) {
      queued.push(message);
      wake();
    },
    drain,
    async *until<T>(promise: Promise<T>): AsyncGenerator<NoticeEvent, T> {
      const settled = promise.then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      for (;;) {
        yield* drain();
        const woken = new Promise<'woken'>((resolve) => (wake = () => resolve('woken')));
        const next = await Promise.race([settled, woken]);
        if (next === 'woken') continue;
        yield* drain();
        if (next.ok) return next.value;
        throw next.error;
      }
    },
  };
}
