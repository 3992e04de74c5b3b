/**
 * A pool of source-like lines (TypeScript, JSON, Markdown flavoured) built from a seeded random
 * number generator, so the same seed always gives the same lines. Files are stitched from the pool:
 * cheap enough to write half a gigabyte in seconds, varied enough that a regular expression has
 * real work to do on every line.
 */
const WORDS = [
  'user',
  'order',
  'count',
  'value',
  'result',
  'config',
  'request',
  'response',
  'cache',
  'token',
  'index',
  'buffer',
  'stream',
  'handler',
  'options',
  'payload',
  'session',
  'record',
  'total',
  'limit',
  'parse',
  'render',
  'fetch',
  'update',
  'create',
  'remove',
  'format',
  'check',
  'build',
  'load',
];

const TEMPLATES: Array<(word: () => string, number: () => number) => string> = [
  (word) => `import { ${word()}, ${word()} } from './${word()}-${word()}';`,
  (word, number) => `const ${word()}${capital(word())} = ${number()};`,
  (word) => `export function ${word()}${capital(word())}(${word()}: string): boolean {`,
  (word) => `  return ${word()}.${word()}(${word()}) ?? null;`,
  (word, number) =>
    `  if (${word()}.length > ${number()}) throw new Error('${word()} is too long');`,
  (word) => `  // ${capital(word())} the ${word()} before the ${word()} is sent.`,
  () => `}`,
  () => ``,
  (word, number) => `  "${word()}": ${number()},`,
  (word) => `- ${capital(word())} a ${word()} with its ${word()}.`,
  (word) => `    await ${word()}.${word()}({ ${word()}, ${word()} });`,
  (word, number) => `  ${word()}: [${number()}, ${number()}, ${number()}],`,
];

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Builds `count` lines, each ending with '\n', from `random` (numbers in [0, 1)). */
export function createSourceLines({
  random,
  count,
}: {
  random: () => number;
  count: number;
}): string[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const word = () => pick(WORDS);
  const number = () => Math.floor(random() * 10_000);
  return Array.from({ length: count }, () => `${pick(TEMPLATES)(word, number)}\n`);
}

/** Stitches pool lines chosen by `random` into a text of about `bytes` characters (whole lines). */
export function stitchLines({
  lines,
  random,
  bytes,
}: {
  lines: readonly string[];
  random: () => number;
  bytes: number;
}): string {
  const parts: string[] = [];
  let length = 0;
  while (length < bytes) {
    const line = lines[Math.floor(random() * lines.length)]!;
    parts.push(line);
    length += line.length;
  }
  return parts.join('');
}
