import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Whether the module at `moduleUrl` is the file Node was started with (`pnpm start`), rather than
 * one imported by another: a day's main.ts runs its command line only then, so the grader can
 * import it and drive the same command line in its own process.
 */
export function isEntryPoint(moduleUrl: string): boolean {
  const started = process.argv[1];
  if (!started) return false;
  try {
    return realpathSync(started) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
