import fg from 'fast-glob';
import path from 'node:path';
import { resolveInsideWorkspace } from './resolve-inside-workspace';

/** A glob pattern that is safe to walk, or why it is not. */
export type PatternCheck =
  | {
      /** The pattern stays inside the working directory. */
      ok: true;
      /** The pattern with "." and inner ".." segments folded away, ready for fast-glob. */
      pattern: string;
    }
  | {
      /** The pattern could reach outside the working directory. */
      ok: false;
      /** One sentence for the model: what was wrong and what to do instead. */
      error: string;
    };

/** A glob pattern the model gave and the working directory it must stay inside. */
export interface CheckPatternInsideOptions {
  /** The working directory. */
  cwd: string;
  /** The glob pattern as the model wrote it, such as "src/*.ts". */
  pattern: string;
}

/**
 * The path boundary for glob patterns. A pattern is refused when it is absolute or climbs out
 * with "..", even inside braces ("{..,src}/*"). Its static start ("src/lib" in "src/lib/*.ts")
 * is opened directly by the walker, which follows links there, so that part goes through
 * resolveInsideWorkspace like any other path.
 */
export async function checkPatternInside({
  cwd,
  pattern,
}: CheckPatternInsideOptions): Promise<PatternCheck> {
  if (path.posix.isAbsolute(pattern) || path.win32.isAbsolute(pattern)) {
    return refuseOutside(pattern);
  }
  const normalized = path.posix.normalize(pattern);
  // After normalizing, a ".." can only remain at the start or inside an alternative.
  if (/(^|[/{,(|])\.\.($|[/},)|])/.test(normalized)) return refuseOutside(pattern);

  const base = staticBase(normalized);
  const resolved = await resolveInsideWorkspace({ cwd, path: base });
  if (!resolved.ok) return { ok: false, error: resolved.error };
  return { ok: true, pattern: normalized };
}

/** The leading segments without wildcards: the folder (or file) the walker opens first. */
function staticBase(pattern: string): string {
  const segments = pattern.split('/');
  const firstDynamic = segments.findIndex((segment) => fg.isDynamicPattern(segment));
  const staticSegments = firstDynamic === -1 ? segments : segments.slice(0, firstDynamic);
  return staticSegments.join('/') || '.';
}

function refuseOutside(pattern: string): PatternCheck {
  return {
    ok: false,
    error: `${pattern} reaches outside the working directory; use a pattern relative to the working directory without a leading / or .., such as src/**/*.ts`,
  };
}
