import { countBraceAlternatives } from './expand-braces';
import { MAX_GLOB_ALTERNATIVES, MAX_GLOB_PATTERN_CHARS, MAX_GLOB_STARS } from '../limits';

/** Whether a glob pattern is simple enough to check and match, or what to simplify. */
export type GlobComplexity = { ok: true } | { ok: false; error: string };

const EXAMPLE = 'such as src/**/*.ts';

/**
 * Refuses patterns that would cost more than any real search needs, before anything is expanded:
 * too long, too many "*", braces that multiply into too many alternatives, and syntax the
 * matcher does not read (a NUL byte, ~, extglobs such as "@(a|b)"). Each refusal says what to
 * change; the pattern itself is not repeated when it is long.
 */
export function checkGlobComplexity(pattern: string): GlobComplexity {
  if (pattern.length > MAX_GLOB_PATTERN_CHARS) {
    return refuse(
      `the pattern is ${pattern.length} characters long, more than ${MAX_GLOB_PATTERN_CHARS}; use a shorter pattern, ${EXAMPLE}`,
    );
  }
  if (pattern.includes('\0')) {
    return refuse(`the pattern contains a NUL byte; use a plain glob pattern, ${EXAMPLE}`);
  }
  if (pattern.startsWith('~')) {
    return refuse(
      `${pattern} starts with ~, which is not expanded here; use a pattern relative to the working directory, ${EXAMPLE}`,
    );
  }
  const stars = [...pattern].filter((character) => character === '*').length;
  if (stars > MAX_GLOB_STARS) {
    return refuse(
      `the pattern holds ${stars} "*", more than ${MAX_GLOB_STARS}; use fewer wildcards, e.g. **/*.test.ts, and narrow further with grep`,
    );
  }
  if (/(^|[^\\])[@!?+*]\(/.test(pattern)) {
    return refuse(
      `${pattern} uses an extglob such as @(a|b), which glob does not read; write alternatives with braces, e.g. src/*.{js,ts}, or put a backslash before ( to match it literally`,
    );
  }
  const alternatives = countBraceAlternatives(pattern);
  if (alternatives > MAX_GLOB_ALTERNATIVES) {
    return refuse(
      `the pattern's braces expand to ${alternatives.toLocaleString('en-US')} alternatives, more than ${MAX_GLOB_ALTERNATIVES}; use fewer {a,b} groups, or several calls with one each`,
    );
  }
  return { ok: true };
}

function refuse(error: string): GlobComplexity {
  return { ok: false, error };
}
