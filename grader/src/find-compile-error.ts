import type { CompileError } from '@agent-course/course';

/** The words every hint of a lab that does not compile carries, after the place to fix. */
export const DOES_NOT_COMPILE = 'the lab does not compile';

/** How a check's message starts when the lab did not compile, so the check never ran. */
export const NOT_RUN = 'not run: the lab does not compile';

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
  const missing = findMissingKitExport(message);
  return missing
    ? `the import of ${missing.name} from ${missing.module}, which has no such export`
    : undefined;
}

/**
 * What stops a lab compiling, in words about the student's own files, read from a (scrubbed)
 * report message: where, and one line per distinct problem (esbuild may report the same one
 * twice, and says "Transform failed" and "No matching export", which name its own steps).
 * Undefined when the message is not about compiling.
 */
export function describeCompileError(message: string): CompileError | undefined {
  const where = findCompileError(message);
  if (!where) return undefined;
  const problems = [...message.matchAll(/<lab>\/([^\s:]+):(\d+):\d+: ERROR: (.*)$/gm)].map(
    ([, file, line, text = '']) => `${file}:${line}: ${inPlainWords(text)}`,
  );
  const more = /^\(\+(\d+) more\)$/m.exec(message);
  if (more) problems.push(`and ${more[1]} more`);
  const missing = findMissingKitExport(message);
  if (missing)
    problems.push(`imports ${missing.name} from ${missing.module}, which does not export it`);
  return { where, problems: [...new Set(problems)] };
}

/** esbuild's wording of a problem, said as what the student's file does. */
function inPlainWords(text: string): string {
  const noExport = /^No matching export in "([^"]+)" for import "([^"]+)"$/.exec(text);
  if (noExport) return `imports ${noExport[2]} from ${noExport[1]}, which does not export it`;
  const unresolved = /^Could not resolve "([^"]+)"$/.exec(text);
  if (unresolved) return `imports ${unresolved[1]}, which is not there`;
  return text;
}

/**
 * An import of a name the kit's package does not export: esbuild leaves the kit's modules to
 * Node, which finds out only when the lab loads, and names the compiled grader's copy of the
 * package, named here as the lab imports it.
 */
function findMissingKitExport(message: string): { name: string; module: string } | undefined {
  const missing = /The requested module '([^']+)' does not provide an export named '([^']+)'/.exec(
    message,
  );
  if (!missing) return undefined;
  const kitPackage = /^<kit>\/packages\/([\w-]+)\/src\/index\.js$/.exec(missing[1] ?? '');
  return {
    name: missing[2] ?? '',
    module: kitPackage ? `@agent-course/${kitPackage[1]}` : (missing[1] ?? ''),
  };
}
