import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** A day folder name: `d` and a number without a leading zero. */
export const DAY_FOLDER = /^d[1-9]\d*$/;

/**
 * The days that exist, read from the repository rather than kept by hand: every `solutions/dN`
 * folder, in day order. A new day is picked up by every command the moment its solution exists.
 */
export async function listSolutionDays(root: string): Promise<string[]> {
  const entries = await readdir(path.join(root, 'solutions'), { withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isDirectory() && DAY_FOLDER.test(entry.name))
    .map((entry) => entry.name)
    .sort((left, right) => Number(left.slice(1)) - Number(right.slice(1)));
}

/** The sentence for a day that does not exist, listing those that do. */
export function unknownDayMessage({ day, days }: { day: string; days: string[] }): string {
  return `there is no day ${day} (no solutions/${day}); the days are: ${days.join(', ') || 'none yet'}`;
}
