import { mulberry32 } from '@agent-course/core';

/** A seeded source of choices: the same seed always makes the same variants. */
export interface Random {
  /** A whole number from `min` to `max`, both included. */
  integer(min: number, max: number): number;
  /** One of the items. */
  pick<Item>(items: readonly Item[]): Item;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** The items in a random order (a new array). */
  shuffle<Item>(items: readonly Item[]): Item[];
}

/**
 * The checks' random source. `salt` (a check's id) keeps the checks' variants independent, so
 * `--only` a check replays the same variants as the whole grade with the same seed.
 */
export function createRandom({ seed, salt }: { seed: number; salt: string }): Random {
  let mixed = seed >>> 0;
  for (const character of salt) mixed = Math.imul(mixed ^ character.charCodeAt(0), 0x01000193);
  const next = mulberry32(mixed);
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    integer,
    pick: (items) => items[integer(0, items.length - 1)]!,
    chance: (probability) => next() < probability,
    shuffle: (items) => {
      const copy = [...items];
      for (let position = copy.length - 1; position > 0; position--) {
        const other = integer(0, position);
        [copy[position], copy[other]] = [copy[other]!, copy[position]!];
      }
      return copy;
    },
  };
}
