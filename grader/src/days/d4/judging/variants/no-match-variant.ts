import type { Random } from '../../../../judging/create-random';
import { createAbsentWord, createCodeLines, createFilePath } from './code-lines';

/** One edit whose old_string occurs nowhere in the file. */
export interface Miss {
  /** What the miss is, for messages. */
  label: string;
  oldString: string;
  newString: string;
  /** Whether its lines carry read_file's "12: " prefixes. */
  prefixed: boolean;
}

/**
 * One edit whose old_string occurs exactly once in the file: what the model sends once the
 * refusals' advice is taken. It tells a lab that refuses every edit apart from one that looks.
 */
export interface Hit {
  /** What the edit is, for messages. */
  label: string;
  oldString: string;
  newString: string;
  /** The whole file after the edit: the source with that text, and nothing else, replaced. */
  expected: string;
}

/** A file, the misses the check sends it, then the edit that must land. */
export interface NoMatchVariant {
  label: string;
  path: string;
  source: string;
  misses: Miss[];
  hit: Hit;
}

/**
 * The lesson's misses: a return that is not in divide, and the same line with its "2: " prefix;
 * then that line copied exactly, which the edit fixes.
 */
export const LESSON_NO_MATCH: NoMatchVariant = {
  label: "the lesson's src/calc.js",
  path: 'src/calc.js',
  source: 'export function divide(a, b) {\n  return a * b;\n}\n',
  misses: [
    {
      label: 'text the file does not hold',
      oldString: '  return a % b;',
      newString: '  return a / b;',
      prefixed: false,
    },
    {
      label: 'a line copied with its "2: " prefix',
      oldString: '2:   return a * b;',
      newString: '  return a / b;',
      prefixed: true,
    },
  ],
  hit: {
    label: 'line 2 copied exactly, without its "2: " prefix',
    oldString: '  return a * b;',
    newString: '  return a / b;',
    expected: 'export function divide(a, b) {\n  return a / b;\n}\n',
  },
};

/**
 * A file of generated lines, some indented, and three misses in an order the seed picks: a line
 * with one word the file never holds, a line with other indentation, and one or two lines copied
 * with their real read_file numbers in front. Then those lines without the numbers, which occur
 * once (no two generated lines are alike), and the file with only them changed.
 */
export function createNoMatchVariant(random: Random): NoMatchVariant {
  const lines = createCodeLines({ random, count: random.integer(6, 14) }).map((line) =>
    random.chance(0.5) ? `  ${line}` : line,
  );
  const source = `${lines.join('\n')}\n`;
  const at = random.integer(0, lines.length - 2);
  const line = lines[at]!;
  const absent = createAbsentWord(random);
  const copied = lines.slice(at, at + random.integer(1, 2));
  const changed = copied.join('\n').replace(/'[a-z]+'/, `'${absent}'`);
  const misses: Miss[] = [
    {
      label: `text the file does not hold (line ${at + 1} with "${absent}" in it)`,
      oldString: line.replace(/'[a-z]+'/, `'${absent}'`),
      newString: line.replace(/'[a-z]+'/, `'${absent}s'`),
      prefixed: false,
    },
    {
      label: `line ${at + 1} with other indentation`,
      oldString: line.startsWith(' ') ? `\t${line.trimStart()}` : `    ${line}`,
      newString: `${line} // changed`,
      prefixed: false,
    },
    {
      label: `${copied.length === 1 ? 'a line' : 'two lines'} copied with read_file's "${at + 1}: " prefix`,
      oldString: copied.map((text, index) => `${at + 1 + index}: ${text}`).join('\n'),
      newString: changed,
      prefixed: true,
    },
  ];
  const hit: Hit = {
    label:
      copied.length === 1
        ? `line ${at + 1} copied exactly, without its "${at + 1}: " prefix`
        : `lines ${at + 1}-${at + 2} copied exactly, without their "${at + 1}: " and "${at + 2}: " prefixes`,
    oldString: copied.join('\n'),
    newString: changed,
    expected: `${[...lines.slice(0, at), changed, ...lines.slice(at + copied.length)].join('\n')}\n`,
  };
  const path = createFilePath(random);
  return {
    label: `${path}, generated from the seed`,
    path,
    source,
    misses: random.shuffle(misses),
    hit,
  };
}
