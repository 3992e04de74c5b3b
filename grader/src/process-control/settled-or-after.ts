/**
 * Settles once `promise` settles, or `ms` after the call, whichever comes first; never rejects.
 * For a wait that helps when it ends soon but must not hold a grade when it never does. Its timer
 * is cleared as soon as `promise` settles, so it keeps no process alive.
 */
export function settledOrAfter({
  promise,
  ms,
}: {
  promise: Promise<unknown>;
  ms: number;
}): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}
