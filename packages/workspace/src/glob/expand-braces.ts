import { findClassEnd } from './find-class-end';

/** A glob split at its braces: plain text, or a group of alternatives that are sequences again. */
type BraceSequence = Array<string | BraceSequence[]>;

/**
 * How many patterns a glob's braces stand for, counted without writing them out:
 * "{a,b}{c,d,e}" is 6, and "{a,b}" sixteen times is 65,536. A brace with no comma at its level
 * ("{a}") or no closing brace is an ordinary character, as in the shell.
 */
export function countBraceAlternatives(pattern: string): number {
  return countSequence(parseBraces(pattern));
}

/**
 * The patterns a glob's braces stand for, in order: "src/{a,b}.ts" gives "src/a.ts" and
 * "src/b.ts". Escapes and character classes are kept as written. Call it only after
 * countBraceAlternatives has said the number is small.
 */
export function expandBraces(pattern: string): string[] {
  return expandSequence(parseBraces(pattern));
}

/** A group's alternatives and the index of its closing brace, or undefined for an ordinary "{". */
type ParsedGroup = { alternatives: BraceSequence[]; end: number } | undefined;

function parseBraces(pattern: string): BraceSequence {
  // Whether a "{" opens a group depends only on where it stands, so each answer is kept: without
  // this, every unclosed "{" would parse the rest of the pattern again for each "{" before it, and
  // "{" twenty-eight times would take minutes.
  const groups = new Map<number, ParsedGroup>();
  return parseSequence({ pattern, start: 0, inGroup: false, groups }).sequence;
}

interface ParsedSequence {
  sequence: BraceSequence;
  /** Where parsing stopped: the index of the "," or "}" that ended a group's alternative. */
  end: number;
  /** What ended the sequence. */
  stop: ',' | '}' | 'end';
}

function parseSequence(options: {
  pattern: string;
  start: number;
  inGroup: boolean;
  groups: Map<number, ParsedGroup>;
}): ParsedSequence {
  const { pattern, inGroup, groups } = options;
  const sequence: BraceSequence = [];
  let text = '';
  let index = options.start;
  while (index < pattern.length) {
    const character = pattern[index]!;
    if (inGroup && (character === ',' || character === '}')) {
      if (text) sequence.push(text);
      return { sequence, end: index, stop: character };
    }
    if (character === '\\') {
      text += pattern.slice(index, index + 2);
      index += 2;
      continue;
    }
    if (character === '[') {
      const classEnd = findClassEnd({ pattern, start: index });
      if (classEnd !== -1) {
        text += pattern.slice(index, classEnd + 1);
        index = classEnd + 1;
        continue;
      }
    }
    if (character === '{') {
      if (!groups.has(index)) groups.set(index, parseGroup({ pattern, start: index, groups }));
      const group = groups.get(index);
      if (group) {
        if (text) sequence.push(text);
        text = '';
        sequence.push(group.alternatives);
        index = group.end + 1;
        continue;
      }
    }
    text += character;
    index += 1;
  }
  if (text) sequence.push(text);
  return { sequence, end: pattern.length, stop: 'end' };
}

/** The alternatives of the group opening at `start`, or undefined when it is an ordinary "{". */
function parseGroup({
  pattern,
  start,
  groups,
}: {
  pattern: string;
  start: number;
  groups: Map<number, ParsedGroup>;
}): ParsedGroup {
  const alternatives: BraceSequence[] = [];
  let index = start + 1;
  for (;;) {
    const parsed = parseSequence({ pattern, start: index, inGroup: true, groups });
    alternatives.push(parsed.sequence);
    if (parsed.stop === 'end') return undefined;
    if (parsed.stop === '}') {
      return alternatives.length > 1 ? { alternatives, end: parsed.end } : undefined;
    }
    index = parsed.end + 1;
  }
}

function countSequence(sequence: BraceSequence): number {
  let count = 1;
  for (const part of sequence) {
    if (typeof part === 'string') continue;
    count *= part.reduce((sum, alternative) => sum + countSequence(alternative), 0);
  }
  return count;
}

function expandSequence(sequence: BraceSequence): string[] {
  let results = [''];
  for (const part of sequence) {
    const endings = typeof part === 'string' ? [part] : part.flatMap(expandSequence);
    results = results.flatMap((start) => endings.map((ending) => start + ending));
  }
  return results;
}
