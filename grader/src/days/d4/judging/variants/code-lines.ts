import type { Random } from '../../../../judging/create-random';

const ADJECTIVES = ['quick', 'lazy', 'brave', 'quiet', 'sharp', 'plain', 'early', 'late', 'round'];
const NOUNS = ['Fox', 'Owl', 'River', 'Stone', 'Field', 'Cloud', 'Tower', 'Garden', 'Bridge'];
const WORDS = ['amber', 'cedar', 'delta', 'ember', 'fjord', 'gable', 'harbor', 'indigo', 'juniper'];

/**
 * `count` different lines of JavaScript for a generated file, each naming a constant no other line
 * names, in an order the seed picks. They hold no digits, so a number in a tool's answer about them
 * can only be a line number or a count.
 */
export function createCodeLines({ random, count }: { random: Random; count: number }): string[] {
  const names = random.shuffle(
    ADJECTIVES.flatMap((adjective) => NOUNS.map((noun) => adjective + noun)),
  );
  if (count > names.length) throw new Error(`createCodeLines makes at most ${names.length} lines`);
  return names.slice(0, count).map((name) => `const ${name} = '${random.pick(WORDS)}';`);
}

/** A word no generated line holds, for text that must occur nowhere. */
export function createAbsentWord(random: Random): string {
  return random.pick(['zephyr', 'quartz', 'mosaic', 'velvet', 'walrus', 'yonder']);
}

/** The path of a generated file: a folder and a name the seed picks. */
export function createFilePath(random: Random): string {
  return `${random.pick(['src', 'lib', 'app'])}/${random.pick(WORDS)}-${random.pick(NOUNS).toLowerCase()}.js`;
}
