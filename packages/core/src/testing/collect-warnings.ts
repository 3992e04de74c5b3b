/**
 * For tests: runs `work` and returns every process warning raised while it ran (a
 * MaxListenersExceededWarning from a leaked abort listener, say), so a test can assert there
 * were none. Warnings are emitted on the next tick, so it waits one before it stops listening.
 */
export async function collectWarnings(work: () => Promise<void>): Promise<string[]> {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  process.on('warning', onWarning);
  try {
    await work();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  return warnings.map((warning) => `${warning.name}: ${warning.message}`);
}
