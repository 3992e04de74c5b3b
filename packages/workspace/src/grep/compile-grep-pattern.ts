import { RE2JS } from 're2js';
import { MAX_GREP_PATTERN_CHARS } from '../limits';

/** A grep expression ready to search with, or why it cannot be used. */
export type GrepPattern =
  | {
      ok: true;
      /** The expression, for re2js, with ^ and $ matching at line breaks. */
      regex: RE2JS;
      /**
       * True when a file with no match over its whole text has no matching line, so one search
       * can rule the file out. False for \A, \z or an inline (?-m), which read the whole text
       * differently from one line.
       */
      wholeTextDecides: boolean;
      /**
       * False when the text cannot hold a match: a quick test for text every match must contain,
       * run before the expression. Always true when no such text was found in the pattern.
       */
      mayMatch: (text: string) => boolean;
    }
  | {
      ok: false;
      /** One sentence for the model: what was wrong and what to do instead. */
      error: string;
    };

const ADVICE =
  'Fix the pattern: grep reads RE2 syntax as ripgrep does (no lookaround, no backreferences); to match ( ) [ ] { } . * + ? | literally, put a backslash before it.';

/**
 * Compiles grep's expression with re2js, a port of RE2: matching takes time linear in the text
 * whatever the expression, so no pattern can backtrack for hours. Unicode-aware: \p{L} is a letter
 * in any script and . one character; \w, \d, \s and \b are ASCII, as in RE2; (?i) ignores case.
 */
export function compileGrepPattern(pattern: string): GrepPattern {
  if (pattern.length > MAX_GREP_PATTERN_CHARS) {
    return {
      ok: false,
      error: `the expression is ${pattern.length} characters long, more than ${MAX_GREP_PATTERN_CHARS}; search for a shorter, distinctive part of the text`,
    };
  }
  try {
    const regex = RE2JS.compile(pattern, RE2JS.MULTILINE);
    return {
      ok: true,
      regex,
      wholeTextDecides: !readsWholeText(pattern),
      mayMatch: requiredTextTest(pattern),
    };
  } catch (error) {
    // re2js writes the MULTILINE flag into the pattern it quotes; the model never wrote it.
    const reason = (error as Error).message
      .replace(/^error parsing regexp: /, '')
      .replace('`(?m)', '`');
    return { ok: false, error: `invalid regular expression: ${reason}. ${ADVICE}` };
  }
}

/** True for \A, \z, or an inline flag group that turns multi-line off: (?-m) or (?i-m:...). */
function readsWholeText(pattern: string): boolean {
  for (let index = 0; index < pattern.length; index += 1) {
    if (pattern[index] === '\\') {
      index += 1;
      if (pattern[index] === 'A' || pattern[index] === 'z') return true;
    } else if (pattern.startsWith('(?', index)) {
      const flags = /^\(\?([a-zA-Z-]*)[):]/.exec(pattern.slice(index, index + 12));
      if (flags?.[1]?.includes('-') && flags[1].split('-')[1]!.includes('m')) return true;
    }
  }
  return false;
}

/** Fewer characters than this are too common to be worth a test of their own. */
const MIN_REQUIRED_CHARS = 3;

/**
 * A test for the plain text every match of `pattern` starts with, such as "export function " in
 * "export function \\w+". re2js runs its automaton one character at a time in JavaScript, most
 * slowly when ignoring case; V8 finds a plain string (even ignoring case, which cannot backtrack)
 * many times faster, so most files are ruled out before re2js reads them. The text is taken only
 * where it is certain: no "|" anywhere, nothing before it but "^" or (?i), and a quantifier after
 * it ("colou?r") takes back the character it applies to.
 */
function requiredTextTest(pattern: string): (text: string) => boolean {
  const ignoreCase = pattern.startsWith('(?i)');
  const body = (ignoreCase ? pattern.slice(4) : pattern).replace(/^\^/, '');
  if (pattern.includes('|')) return () => true;
  let required = /^[^\\^$.|?*+()[\]{}\u0000-\u001f]*/u.exec(body)![0];
  if (/^[?*{]/.test(body.slice(required.length))) required = [...required].slice(0, -1).join('');
  if ([...required].length < MIN_REQUIRED_CHARS) return () => true;
  if (!ignoreCase) return (text) => text.includes(required);
  // The text holds no character that means anything to an expression, so it needs no escaping.
  const finder = new RegExp(required, 'iu');
  return (text) => finder.test(text);
}
