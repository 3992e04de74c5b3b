import { GROUP_POLL_MS } from './limits';

/**
 * Polls `done` every GROUP_POLL_MS until it is true (then true) or `waitMs` has passed (then
 * false). Processes ending give no event to wait for, so stopping them means looking again.
 */
export async function waitUntil({
  done,
  waitMs,
}: {
  done: () => boolean | Promise<boolean>;
  waitMs: number;
}): Promise<boolean> {
  const deadline = performance.now() + waitMs;
  for (;;) {
    if (await done()) return true;
    if (performance.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
  }
}
