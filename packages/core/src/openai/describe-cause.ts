/**
 * Why a fetch failed, in a word or two: the system's error code (ECONNREFUSED, ENOTFOUND) when
 * one is in the chain of causes, else the innermost message ("bad port"), since the outer ones
 * (fetch failed, Connection error.) say nothing a person can act on.
 */
export function describeCause(error: unknown): string {
  let current: unknown = error;
  let innermost = error instanceof Error ? error.message : String(error);
  // fetch wraps the socket's error (TypeError "fetch failed" -> cause -> code); the SDK wraps that again.
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (current instanceof Error && current.message !== '') innermost = current.message;
    current = (current as { cause?: unknown }).cause;
  }
  return innermost;
}
