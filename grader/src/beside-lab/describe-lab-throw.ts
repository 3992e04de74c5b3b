import type { LabThrow } from './check-process-protocol';
import { findLabFrame } from './find-lab-frame';
import { LabExitError } from './lab-exit-error';
import { LabLoadError } from './lab-load-error';

/** The longest message of a throw the grader is told. */
const MAX_MESSAGE_CHARS = 4_000;

/**
 * What the grader is told of something the lab's code threw: its message, the lab's own line it
 * came from (read from the stack, which names the lab's TypeScript once source maps are on), and
 * whether it was a process.exit or a failed import rather than a throw.
 */
export function describeLabThrow({
  error,
  labDir,
}: {
  error: unknown;
  labDir: string | undefined;
}): LabThrow {
  const message = (error instanceof Error ? error.message : String(error)).slice(
    0,
    MAX_MESSAGE_CHARS,
  );
  const at = labDir === undefined ? undefined : findLabFrame({ error, labDir });
  return {
    message,
    ...(at ? { at } : {}),
    ...(error instanceof LabExitError ? { exit: true } : {}),
    ...(error instanceof LabLoadError ? { loadError: true } : {}),
    ...(error instanceof LabLoadError && error.importFailed
      ? {
          importFailed: {
            ...error.importFailed,
            reason: error.importFailed.reason.slice(0, MAX_MESSAGE_CHARS),
          },
        }
      : {}),
  };
}
