import { RE2JS } from 're2js';
import { findClassEnd } from './find-class-end';

/** A compiled glob: which files match, and which folders can hold a match. */
export interface GlobMatcher {
  /** True when the file's path, relative to the working directory with '/' separators, matches. */
  matches(relativePath: string): boolean;
  /** False when no file below this folder can match, so a walk need not enter it. */
  mayMatchBelow(relativeFolder: string): boolean;
}

/** Glob patterns without braces (expandBraces has written them out) and how to read them. */
export interface CompileGlobOptions {
  /** The alternatives; a path matches when it matches any of them. */
  alternatives: string[];
  /** When true, an alternative without '/' matches file names at any depth ("*.ts" finds src/a.ts). */
  matchBaseName: boolean;
}

/** One piece of a path segment's pattern. */
type Token =
  | { kind: 'literal'; text: string }
  | { kind: 'stars'; minimum: number } // a run of "*" and "?": any text of at least `minimum` characters
  | { kind: 'any' } // "?"
  | { kind: 'class'; source: string };

/** A segment of a pattern: "**", or tokens matched within one name. */
type Segment = { kind: 'globstar' } | { kind: 'name'; tokens: Token[] };

/**
 * Turns glob patterns into one regular expression over relative paths. "*" and "?" stay within a
 * name, "**" as a whole segment crosses folders, "[a-z]" and "[!.]" are classes, a backslash
 * escapes; dot files match like any other. The expression runs on V8's engine only when it cannot
 * backtrack for long (one "**" at most, one run of stars per name: linear in the path's length);
 * any other runs on re2js, whose time is linear in the path's length whatever the pattern, so a
 * pattern like "**" + "/*a*a*a*a*a*b" cannot hang on a long name.
 */
export function compileGlob({ alternatives, matchBaseName }: CompileGlobOptions): GlobMatcher {
  const parsed = alternatives.map((alternative) => {
    let segments = parseSegments(alternative);
    if (matchBaseName && !alternative.includes('/')) {
      segments = [{ kind: 'globstar' }, ...segments];
    }
    return segments;
  });
  const source = parsed.map(segmentsSource).join('|');
  const test = parsed.every(backtracksLittle) ? testWithV8(source) : testWithRe2(source);
  const prefixes = parsed.map(literalPrefix);
  return {
    matches: test,
    mayMatchBelow(relativeFolder) {
      const names = relativeFolder.split('/');
      return prefixes.some(({ names: prefix, depthLimited, segmentCount }) => {
        // Without "**", a match lies exactly segmentCount names deep.
        if (depthLimited && names.length >= segmentCount) return false;
        const shared = Math.min(names.length, prefix.length);
        for (let index = 0; index < shared; index += 1) {
          if (names[index] !== prefix[index]) return false;
        }
        return true;
      });
    },
  };
}

function testWithV8(source: string): (path: string) => boolean {
  const regex = new RegExp(`^(?:${source})$`, 'u');
  return (path) => regex.test(path);
}

function testWithRe2(source: string): (path: string) => boolean {
  const regex = RE2JS.compile(`(?:${source})`);
  return (path) => regex.testExact(path);
}

/** Splits at each unescaped '/' outside a class; "." and empty segments are dropped. */
function parseSegments(pattern: string): Segment[] {
  const segments: Segment[] = [];
  let start = 0;
  for (let index = 0; index <= pattern.length; index += 1) {
    const character = pattern[index];
    if (character === '\\') {
      index += 1;
    } else if (character === '[') {
      const classEnd = findClassEnd({ pattern, start: index });
      if (classEnd !== -1) index = classEnd;
    } else if (character === '/' || character === undefined) {
      const text = pattern.slice(start, index);
      start = index + 1;
      if (text === '' || text === '.') continue;
      segments.push(
        text === '**' ? { kind: 'globstar' } : { kind: 'name', tokens: tokenize(text) },
      );
    }
  }
  return segments;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    const previous = tokens.at(-1);
    if (character === '*' || character === '?') {
      const minimum = character === '?' ? 1 : 0;
      if (previous?.kind === 'stars') previous.minimum += minimum;
      else if (character === '*' && previous?.kind === 'any') {
        // "?*" is a run too: fold the "?" in so every run is one token.
        tokens.pop();
        tokens.push({ kind: 'stars', minimum: 1 });
      } else tokens.push(character === '*' ? { kind: 'stars', minimum } : { kind: 'any' });
      continue;
    }
    if (character === '[') {
      const classEnd = findClassEnd({ pattern: text, start: index });
      if (classEnd !== -1) {
        tokens.push({ kind: 'class', source: classSource(text.slice(index + 1, classEnd)) });
        index = classEnd;
        continue;
      }
    }
    let literal = character;
    if (character === '\\' && index + 1 < text.length) {
      index += 1;
      literal = text[index]!;
    }
    if (previous?.kind === 'literal') previous.text += literal;
    else tokens.push({ kind: 'literal', text: literal });
  }
  return tokens;
}

/** A class body in the syntax both engines read, never matching '/': names do not hold one. */
function classSource(body: string): string {
  const negated = body.startsWith('!') || body.startsWith('^');
  const characters: string[] = [];
  for (let index = negated ? 1 : 0; index < body.length; index += 1) {
    if (body[index] === '\\' && index + 1 < body.length) index += 1;
    characters.push(body[index]!);
  }
  const items: string[] = [];
  for (let index = 0; index < characters.length; index += 1) {
    const low = characters[index]!;
    const high = characters[index + 2];
    if (characters[index + 1] === '-' && high !== undefined) {
      index += 2;
      if (low > high) continue;
      if (low < '/' && high > '/')
        items.push(`${escapeInClass(low)}-.`, `0-${escapeInClass(high)}`);
      else if (low === '/' || high === '/') {
        if (low < '/') items.push(`${escapeInClass(low)}-.`);
        if (high > '/') items.push(`0-${escapeInClass(high)}`);
      } else items.push(`${escapeInClass(low)}-${escapeInClass(high)}`);
    } else if (low !== '/') items.push(escapeInClass(low));
  }
  if (negated) return `[^/${items.join('')}]`;
  // A class left with nothing it may match matches nothing.
  return items.length === 0 ? '[^\\s\\S]' : `[${items.join('')}]`;
}

function segmentsSource(segments: Segment[]): string {
  return segments
    .map((segment, index) => {
      const last = index === segments.length - 1;
      if (segment.kind === 'globstar') return last ? '(?:[^/]*/)*[^/]*' : '(?:[^/]*/)*';
      return segment.tokens.map(tokenSource).join('') + (last ? '' : '/');
    })
    .join('');
}

function tokenSource(token: Token): string {
  switch (token.kind) {
    case 'literal':
      return [...token.text].map(escapeLiteral).join('');
    case 'stars':
      return token.minimum === 0 ? '[^/]*' : `[^/]{${token.minimum},}`;
    case 'any':
      return '[^/]';
    case 'class':
      return token.source;
  }
}

/** At most one "**" and one run of stars per name: V8's backtracking stays linear. */
function backtracksLittle(segments: Segment[]): boolean {
  const globstars = segments.filter((segment) => segment.kind === 'globstar').length;
  return (
    globstars <= 1 &&
    segments.every(
      (segment) =>
        segment.kind === 'globstar' ||
        segment.tokens.filter((token) => token.kind === 'stars').length <= 1,
    )
  );
}

/** The names a matching path must start with, before the first segment with a wildcard. */
function literalPrefix(segments: Segment[]): {
  names: string[];
  depthLimited: boolean;
  segmentCount: number;
} {
  const names: string[] = [];
  for (const segment of segments) {
    const only =
      segment.kind === 'name' && segment.tokens.length === 1 ? segment.tokens[0] : undefined;
    if (only?.kind !== 'literal') break;
    names.push(only.text);
  }
  return {
    names,
    depthLimited: segments.every((segment) => segment.kind !== 'globstar'),
    segmentCount: segments.length,
  };
}

function escapeLiteral(character: string): string {
  return /[\\^$.|?*+()[\]{}]/.test(character) ? `\\${character}` : character;
}

function escapeInClass(character: string): string {
  return /[\\\]^[-]/.test(character) ? `\\${character}` : character;
}
