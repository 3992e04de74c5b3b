import type { Random } from '../../d3/variants/create-random';
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

/** A file and the misses the check sends it. */
export interface NoMatchVariant {
  /** Where the file comes from, for the transcript. */
  label: string;
  path: string;
  source: string;
  misses: Miss[];
}

/** The lesson's misses: a return that is not in divide, and the same line with its "2: " prefix. */
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
};

/**
 * A file of generated lines, some indented, and three misses in an order the seed picks: a line
 * with one word the file never holds, a line with other indentation, and one or two lines copied
 * with their real read_file numbers in front.
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
      newString: copied.join('\n').replace(/'[a-z]+'/, `'${absent}'`),
      prefixed: true,
    },
  ];
  const path = createFilePath(random);
  return {
    label: `${path}, generated from the seed`,
    path,
    source,
    misses: random.shuffle(misses),
  };
}
