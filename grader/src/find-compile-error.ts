/** The words every hint of a lab that does not compile carries, after the place to fix. */
export const DOES_NOT_COMPILE = 'the lab does not compile';

/**
 * Where a lab fails to compile, as `src/file.ts:line`, read from a (scrubbed) report message, or
 * undefined. The grader compiles the lab with esbuild (see compiled/compile-lab.ts), and gives its
 * errors as tsx would: `<lab>/src/x.ts:25:16: ERROR: …`.
 * A lab that does not compile fails every check at once, so its hint names this place rather than
 * each check's TODO.
 */
export function findCompileError(message: string): string | undefined {
  const match = /<lab>\/([^\s:]+):(\d+):\d+: ERROR: /.exec(message);
  return match ? `${match[1]}:${match[2]}` : undefined;
}
