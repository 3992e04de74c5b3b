/** The system's error code behind a failed fetch (ECONNREFUSED, ENOTFOUND), else its message. */
export function describeCause(error: unknown): string {
  let current: unknown = error;
  // fetch wraps the socket's error (TypeError "fetch failed" -> cause -> code); the SDK wraps that again.
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message : String(error);
}
