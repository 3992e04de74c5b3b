import path from 'node:path';
import { checkGlobComplexity } from '../glob/check-glob-complexity';
import { compileGlob } from '../glob/compile-glob';
import type { GlobMatcher } from '../glob/compile-glob';
import { expandBraces } from '../glob/expand-braces';
import { resolveInsideWorkspace } from './resolve-inside-workspace';

/** A glob pattern compiled for a walk of the working directory, or why it is refused. */
export type PatternCheck =
  | {
      /** The pattern is usable. */
      ok: true;
      /** Matches relative paths; the walk that uses it starts at the working directory. */
      matcher: GlobMatcher;
    }
  | {
      /** The pattern is refused. */
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
  /** When true, an alternative without '/' matches file names at any depth (grep's include). */
  matchBaseName?: boolean;
}

/**
 * The boundary for glob patterns. What holds it is the walk (walkWorkspace): it starts at the
 * working directory whatever the pattern says, follows no link, and only matches relative paths,
 * so no spelling can reach outside. This check adds plain refusals for patterns that try: each
 * alternative the braces stand for is refused when it is absolute, climbs out with "..", or
 * starts in a folder whose real path is outside, so the model learns why nothing came back.
 */
export async function checkPatternInside({
  cwd,
  pattern,
  matchBaseName = false,
}: CheckPatternInsideOptions): Promise<PatternCheck> {
  const complexity = checkGlobComplexity(pattern);
  if (!complexity.ok) return complexity;

  // Normalizing folds "./" and "a/.." away, so a ".." left over climbs out of the root.
  const alternatives = expandBraces(pattern).map((alternative) =>
    path.posix.normalize(alternative),
  );
  for (const alternative of alternatives) {
    if (path.posix.isAbsolute(alternative) || isWindowsAbsolute(alternative)) {
      return refuseOutside(pattern);
    }
    if (/(^|\/)\.\.(\/|$)/.test(alternative)) return refuseOutside(pattern);
    const resolved = await resolveInsideWorkspace({ cwd, path: staticBase(alternative) });
    if (!resolved.ok) return resolved;
  }
  return { ok: true, matcher: compileGlob({ alternatives, matchBaseName }) };
}

/**
 * A drive (C:\ or C:/), a UNC share (\\server) or \/: rooted for a Windows reader. A single
 * backslash before anything else is not: in a glob it escapes the next character, as in
 * \[id\].tsx for a file named [id].tsx, which path.win32.isAbsolute would call rooted.
 */
function isWindowsAbsolute(alternative: string): boolean {
  return /^(?:[A-Za-z]:[\\/]|\\[\\/])/.test(alternative);
}

/** The leading segments without wildcards or escapes: the folder a match must lie in. */
function staticBase(pattern: string): string {
  const segments = pattern.split('/');
  const firstDynamic = segments.findIndex((segment) => /[*?[\\]/.test(segment));
  const staticSegments = firstDynamic === -1 ? segments : segments.slice(0, firstDynamic);
  return staticSegments.join('/') || '.';
}

function refuseOutside(pattern: string): PatternCheck {
  return {
    ok: false,
    error: `${pattern} reaches outside the working directory; use a pattern relative to the working directory without a leading / or .., such as src/**/*.ts`,
  };
}
