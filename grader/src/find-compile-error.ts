/** The words every hint of a lab that does not compile carries, after the place to fix. */
export const DOES_NOT_COMPILE = 'the lab does not compile';

/**
 * Where a lab fails to compile, as `src/file.ts:line`, read from a (scrubbed) report message, or
 * undefined. The grader compiles the lab with esbuild (see compiled/compile-lab.ts), and gives its
 * errors as tsx would: `<lab>/src/x.ts:25:16: ERROR: …`.
 * A lab that imports a name a kit package does not export is pointed at that import. A lab that
 * does not compile fails every check at once, so its hint names this place rather than each
 * check's TODO.
 */
export function findCompileError(message: string): string | undefined {
  const match = /<lab>\/([^\s:]+):(\d+):\d+: ERROR: /.exec(message);
  if (match) return `${match[1]}:${match[2]}`;
  // An import of a name the kit's package does not export: esbuild leaves the kit's modules to
  // Node, which finds out only when the lab loads.
  const missing = /The requested module '([^']+)' does not provide an export named '([^']+)'/.exec(
    message,
  );
  if (!missing) return undefined;
  // The compiled grader's copy of a kit package is named as the lab imports it.
  const kitPackage = /^<kit>\/packages\/([\w-]+)\/src\/index\.js$/.exec(missing[1] ?? '');
  const module = kitPackage ? `@agent-course/${kitPackage[1]}` : missing[1];
  return `the import of ${missing[2]} from ${module}, which has no such export`;
}
